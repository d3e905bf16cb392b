/**
 * Instant in-process fakes of every research source and the writer, behind the engine's own ports
 * (`Sources`), for `researchModule({ sources: instantSources() })`: the real `SourcePipeline`, company
 * facts cache, identities, brief cache, job states and graphile-worker run over them, and nothing
 * leaves the process. They answer what the local emulator's routes answer through the real adapters
 * (`test/support/sourceEmulator.ts`): two person and two company sources (Apollo first, then People
 * Data Labs, so the merge and the facts cache for each have work), the prospect's and the company's
 * posts (one of each a reshare), news, ten decision makers, a photo, and a writer that fills every
 * generated field at the sizes the spec fixes. Every field a real source fills is filled, so the
 * brief is as big and the work as real as over the emulator, minus the HTTP, parsing and ajv of the
 * adapters and the writer. Each e-mail is its own prospect at its own company (`jane.7@acme-7.io`).
 */
import type { BriefWriter, CompanySource, DecisionMakersSource, NewsSource, PersonSource, PostFacts, PostsSource, Sources } from '@prospect-research/engine/bench';

/** Decision makers per company, as the emulator's Apollo search answers. */
export const FAKE_DECISION_MAKERS = 10;
/** The prospect's title every fake person source agrees on (the bench checks it reached the brief). */
export const FAKE_TITLE = 'VP Operations';

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'someone';
const companySlug = (domain: string) => slug(domain.replace(/\.[a-z]+$/i, ''));
const companyName = (domain: string) =>
  `${companySlug(domain)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')} Robotics`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const apolloPerson: PersonSource = {
  name: 'apollo',
  findPerson: async ({ email }) => {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    return {
      name: 'Jane Doe',
      title: FAKE_TITLE,
      company: companyName(domain),
      linkedinUrl: `https://www.linkedin.com/in/${slug(email.slice(0, email.lastIndexOf('@')))}`,
      photo: `https://media.licdn.com/dms/image/C4E03AQF/${slug(email)}-profile-displayphoto.jpg`,
      lastRoleStart: '2021-03-01',
      location: 'Berlin, Germany',
    };
  },
};

const pdlPerson: PersonSource = {
  name: 'pdl',
  findPerson: async ({ email }) => ({
    name: 'Jane Doe',
    title: 'vp operations',
    company: companyName(email.slice(email.lastIndexOf('@') + 1)).toLowerCase(),
    linkedinUrl: `https://www.linkedin.com/in/${slug(email.slice(0, email.lastIndexOf('@')))}`,
    lastRoleStart: '2021-03-01',
    location: 'Berlin, Germany',
  }),
};

const apolloCompany: CompanySource = {
  name: 'apollo',
  findCompany: async ({ domain }) => ({
    name: companyName(domain),
    description: `${companyName(domain)} builds picking robots for mid-size warehouses.`,
    linkedinUrl: `https://www.linkedin.com/company/${companySlug(domain)}-robotics`,
    website: `https://www.${domain}`,
    industry: 'machinery',
    hq: 'Berlin, Germany',
    revenue: '24M',
    employees: '180',
    technologies: ['Cloudflare', 'Google Analytics', 'HubSpot', 'Salesforce'],
  }),
};

const pdlCompany: CompanySource = {
  name: 'pdl',
  findCompany: async ({ domain }) => ({
    name: companyName(domain).toLowerCase(),
    description: `${companyName(domain).toLowerCase()} builds picking robots for mid-size warehouses.`,
    linkedinUrl: `https://www.linkedin.com/company/${companySlug(domain)}-robotics`,
    website: domain,
    industry: 'machinery',
    hq: 'Berlin, Germany',
    revenue: '$10M-$25M',
    employees: '51-200',
  }),
};

/** Three recent posts, newest first; the second a reshare. */
function posts(owner: string, company: boolean, limit: number): PostFacts[] {
  const texts = company
    ? ['Our Berlin hub is open. Thank you to everyone who made it happen.', 'We are hiring robotics engineers for the new hub.', 'Meet us at LogiMAT next month: live picking demos all week.']
    : [
        'Three things we learned moving picking to robots: start with the ugly SKUs, measure mispicks, train the night shift first.',
        'Proud of the operations team this quarter.',
        'Reading about warehouse automation trends in Europe.',
      ];
  return texts.slice(0, limit).map((text, i) => ({
    text,
    postedAt: daysAgo(7 * (i + 1)),
    url: `https://www.linkedin.com/posts/${slug(owner)}_activity-741663411093361${i}`,
    reshared: i === 1,
  }));
}

const unipilePosts: PostsSource = {
  name: 'unipile',
  personPosts: async ({ linkedinUrl }, limit) => posts(linkedinUrl, false, limit),
  companyPosts: async ({ linkedinUrl }, limit) => posts(linkedinUrl, true, limit),
};

const googleNews: NewsSource = {
  name: 'google_news',
  news: async ({ name }, _since, limit) =>
    [
      { title: `${name} opens Berlin engineering hub`, source: 'Reuters', days: 20 },
      { title: `${name} raises Series B to expand warehouse automation`, source: 'TechCrunch', days: 45 },
      { title: `${name} hires former logistics executive as COO`, source: 'Robotics Business Review', days: 90 },
    ]
      .slice(0, limit)
      .map((item, i) => ({ title: item.title, url: `https://news.google.com/rss/articles/${slug(name)}-${i}`, publishedAt: daysAgo(item.days), source: item.source })),
};

const DM_TITLES = ['Founder & CEO', 'CTO', 'COO', 'CFO', 'VP Sales', 'VP Engineering', 'Head of Product', 'Director of Operations', 'Head of Marketing', 'VP Customer Success'];
const DM_NAMES = ['Tim Zheng', 'Raj Jain', 'Ann Lee', 'Kim Park', 'Omar Haddad', 'Lena Vogel', 'Piotr Nowak', 'Sara Rossi', 'Ines Duarte', 'Max Berg'];

const apolloDecisionMakers: DecisionMakersSource = {
  name: 'apollo',
  decisionMakers: async ({ domain }, limit) =>
    DM_NAMES.slice(0, Math.min(limit, FAKE_DECISION_MAKERS)).map((fullName, i) => ({
      fullName,
      title: DM_TITLES[i]!,
      linkedinUrl: `https://www.linkedin.com/in/${slug(fullName)}-${companySlug(domain)}`,
      photo: `https://media.licdn.com/dms/image/${slug(fullName)}-${companySlug(domain)}.jpg`,
      location: 'Berlin, Germany',
      company: companyName(domain),
    })),
};

const sentence = (topic: string) => `This is the ${topic} of the brief, written from the facts given about the prospect and the company, in plain words a seller can use on a first call.`;
const sentences = (topic: string, count: number) => Array.from({ length: count }, (_, i) => sentence(`${topic} ${i + 1}`));

/** Every generated field, at the spec's sizes: one summary per post and news item given. */
const writer: BriefWriter = {
  model: 'bench-instant',
  write: async (input) => ({
    prospect: input.person ? { summary: sentence('summary'), opening_talk: sentences('opening talk', 3), post_summaries: sentences('prospect post summary', input.prospectPosts.length) } : null,
    company: input.company
      ? {
          problems: sentences('problem', 4),
          services: sentences('service', 4),
          icp: sentences('ideal customer profile', 4),
          synergy_points: sentences('synergy point', 4),
          discovery_questions: sentences('discovery question', 3),
          insights: sentences('insight', 4),
          post_summaries: sentences('company post summary', input.companyPosts.length),
          news_summaries: sentences('news summary', input.news.length),
        }
      : null,
    title_en: input.person?.title ? FAKE_TITLE : undefined,
    description_en: input.company?.description ? 'The company builds picking robots for mid-size warehouses.' : undefined,
    rejections: [],
    calls: 1,
  }),
};

/** The sources and the writer as the emulator's configuration has them, answering at once. */
export function instantSources(): Sources {
  return {
    people: [apolloPerson, pdlPerson],
    companies: [apolloCompany, pdlCompany],
    photo: async (email) => `https://gravatar.com/avatar/${slug(email)}`,
    posts: unipilePosts,
    news: googleNews,
    decisionMakers: apolloDecisionMakers,
    writer,
  };
}
