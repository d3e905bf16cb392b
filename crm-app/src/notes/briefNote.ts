import type { Post, Provenance, ResearchData, SourcePart } from '@prospect-research/engine/contract';
import { escape } from '../html.ts';

/** HubSpot's most for a note's body (`hs_note_body`), in characters. */
export const NOTE_BODY_LIMIT = 65_536;
/** Any one text of the brief in a note, at most (characters): a description or a post runs long. */
export const TEXT_LIMIT = 1_000;
/** Decision makers listed in a note, at most (the brief's list has no bound). */
export const DECISION_MAKERS_LISTED = 10;

export interface BriefForNote {
  researchId: string;
  completedAt: Date;
  data: ResearchData;
  /** Null for research completed before the engine recorded it. */
  provenance: Provenance | null;
}

/** The names of the engine's sources as a CRM user reads them (docs/api.md, "Provenance"). */
const SOURCE_NAMES: Record<string, string> = {
  apollo: 'Apollo',
  peopledatalabs: 'People Data Labs',
  website: 'Company website',
  mx: 'Mail (MX) records',
  gravatar: 'Gravatar',
  unipile: 'Unipile',
  'google-news': 'Google News',
  request: 'Contact record',
};

const PART_NAMES: Record<SourcePart, string> = {
  person: 'person',
  company: 'company',
  technologies: 'technologies',
  photo: 'photo',
  prospect_posts: "prospect's posts",
  company_posts: 'company posts',
  news: 'news',
  decision_makers: 'decision makers',
};

const sourceName = (source: string) => SOURCE_NAMES[source] ?? source;

/** `text` on one line, cut at a word before `max` characters (with an ellipsis) when longer. */
export function clip(text: string, max = TEXT_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  return `${cut.replace(/\s+\S*$/, '') || cut}…`;
}

/** Escaped, clipped text. */
const t = (text: string) => escape(clip(text));

/** A link when `url` is http(s), else its text: nothing but a web address becomes an href. */
function link(url: string, label: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return t(url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return t(url);
  return `<a href="${escape(parsed.href)}">${t(label)}</a>`;
}

const heading = (text: string) => `<p><strong>${escape(text)}</strong></p>`;
const list = (items: string[]) => (items.length ? `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` : '');
const section = (title: string, items: readonly string[] | null | undefined) => (items?.length ? heading(title) + list(items.map(t)) : '');
const present = (...values: (string | null | undefined)[]) => values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');

function posts(title: string, items: Post[] | null): string {
  if (!items?.length) return '';
  return (
    heading(title) + list(items.map((post) => [t(post.summary ?? post.text), escape(` (${post.posted.slice(0, 10)}${post.reshared ? ', reshared' : ''}) `), link(post.post_url, 'post')].join('')))
  );
}

/** "Facts from: Apollo, Contact record" for the fields of `data` under `prefix` (`/prospect/`, `/company/`). */
function factsFrom(provenance: Provenance | null, prefix: string): string {
  if (!provenance) return '';
  const sources = new Set<string>();
  for (const [pointer, origins] of Object.entries(provenance.fields)) {
    if (pointer.startsWith(prefix)) for (const origin of origins) sources.add(sourceName(origin.source));
  }
  return sources.size ? `<p><em>Facts from: ${escape([...sources].join(', '))}</em></p>` : '';
}

function prospectBlocks(brief: BriefForNote): string[] {
  const p = brief.data.prospect;
  const lines = [
    p.name ? `<strong>${t(p.name)}</strong>` : '',
    present(p.title, p.company).map(t).join(' at '),
    p.last_role_start ? escape(`In this role since ${p.last_role_start}`) : '',
    p.linkedin_url ? link(p.linkedin_url, 'Profile') : '',
  ].filter(Boolean);
  return [
    lines.length ? `<p>${lines.join('<br>')}</p>` : '',
    p.summary ? `<p>${t(p.summary)}</p>` : '',
    section('Conversation starters', p.opening_talk),
    posts('Recent posts', p.posts),
    factsFrom(brief.provenance, '/prospect/'),
  ];
}

function companyBlocks(brief: BriefForNote): string[] {
  const c = brief.data.company;
  const facts = present(c.industry, c.hq, c.employees && `${c.employees} employees`, c.revenue && `revenue ${c.revenue}`, ...(c.clients ?? []).map((client) => `${client.count} clients`));
  const links = [c.website ? link(c.website, 'Website') : '', c.linkedin_url ? link(c.linkedin_url, 'Company page') : ''].filter(Boolean);
  const lines = [facts.length ? t(facts.join(' · ')) : '', links.join(' · ')].filter(Boolean);
  return [
    c.name ? heading(`Company: ${clip(c.name)}`) : lines.length || c.description ? heading('Company') : '',
    lines.length ? `<p>${lines.join('<br>')}</p>` : '',
    c.description ? `<p>${t(c.description)}</p>` : '',
    section('Problems it solves for its customers', c.problems),
    section('Services and products', c.services),
    section('Its ideal customers', c.icp),
    section('Synergies with your product', c.synergy_points),
    section('Discovery questions', c.discovery_questions),
    section('Competitive insights', c.insights),
    c.technologies?.length ? heading('Technologies') + `<p>${t(c.technologies.join(', '))}</p>` : '',
    c.news?.length ? heading('News') + list(c.news.map((item) => `${t(item.summary)}${escape(` (${item.date}) `)}${link(item.url, 'article')}`)) : '',
    posts('Company posts', c.posts),
    factsFrom(brief.provenance, '/company/'),
  ];
}

function decisionMakerBlocks(brief: BriefForNote): string[] {
  const people = brief.data.decision_makers;
  if (!people.length) return [];
  const items = people
    .slice(0, DECISION_MAKERS_LISTED)
    .map((person) =>
      [
        t(person.full_name),
        escape(`, ${clip(person.position_title)} at ${clip(person.company_name)}`),
        person.location_text ? escape(` (${clip(person.location_text)})`) : '',
        ' ',
        link(person.linkedin_url, 'profile'),
      ].join(''),
    );
  const more = people.length > DECISION_MAKERS_LISTED ? `<p>${escape(`and ${people.length - DECISION_MAKERS_LISTED} more`)}</p>` : '';
  return [heading('Decision makers') + list(items) + more];
}

/** Every source that answered with something, what it was asked and when; then those that failed. */
function sourcesBlock(provenance: Provenance | null): string {
  if (!provenance) return `${heading('Sources')}<p>${escape('Not recorded for this research.')}</p>`;
  const found = new Map<string, { parts: Set<string>; dates: Set<string> }>();
  const failed = new Map<string, Set<string>>();
  for (const call of provenance.sources) {
    if (call.outcome === 'found') {
      const entry = found.get(call.source) ?? { parts: new Set(), dates: new Set() };
      entry.parts.add(PART_NAMES[call.part]);
      entry.dates.add(call.at.slice(0, 10));
      found.set(call.source, entry);
    } else if (call.outcome === 'failed') {
      failed.set(call.source, (failed.get(call.source) ?? new Set()).add(PART_NAMES[call.part]));
    }
  }
  const items = [...found].map(([source, { parts, dates }]) => escape(`${sourceName(source)}: ${[...parts].join(', ')}; fetched ${[...dates].sort().join(', ')}`));
  const failures = [...failed].map(([source, parts]) => `${sourceName(source)} (${[...parts].join(', ')})`);
  return (
    heading('Sources') +
    (items.length ? list(items) : `<p>${escape('No source found anything.')}</p>`) +
    (failures.length ? `<p>${escape(`Not reached: ${failures.join('; ')}. The brief may lack what they know.`)}</p>` : '')
  );
}

/**
 * A research brief as the body of a HubSpot note: readable HTML (paragraphs, lists, links), every value
 * of the brief escaped and only http(s) addresses made links, so a brief holding markup shows it as
 * text. It says only what the brief says: empty fields are left out, and the sources are those the
 * research's provenance names. Texts are clipped to TEXT_LIMIT; when the whole would pass HubSpot's
 * limit the last parts are left out (saying so), the sources always kept.
 */
export function briefNote(brief: BriefForNote): string {
  const header = `<p><strong>Prospect Research brief</strong><br>${escape(`Completed ${brief.completedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · research ${brief.researchId}`)}</p>`;
  const sources = sourcesBlock(brief.provenance);
  const cut = `<p>${escape('The rest of the brief is longer than a HubSpot note holds and is left out.')}</p>`;
  const blocks = [...prospectBlocks(brief), ...companyBlocks(brief), ...decisionMakerBlocks(brief)].filter(Boolean);
  let body = header;
  for (const block of blocks) {
    if (body.length + block.length + cut.length + sources.length > NOTE_BODY_LIMIT) return body + cut + sources;
    body += block;
  }
  return body + sources;
}
