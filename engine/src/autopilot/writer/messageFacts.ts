import { createHash } from 'node:crypto';
import { type FactEntry, type FactSheet, type Kind, textsOf } from '../../grounding/index.ts';
import { POST_LABELS } from '../../research/index.ts';
import type { Language } from '../../accounts/index.ts';
import type { ContactProperties, Signal } from '../contract.ts';
import type { MessageRequest } from '../sequence/ports.ts';
import { MESSAGE_WORDS } from './messageWords.ts';

/**
 * The facts one message may use, as a fact sheet (grounding/facts.ts, as the research brief writer's)
 * so the claim checks read them: one entry per fact, each with an id.
 *
 * - Signal facts: only the parts of the lead's brief the step chose (the request's `signals`), one entry per post,
 *   news item or list item (`post.1`, `company_post.2`, `news.1`, `role`, `role.started`,
 *   `technologies`, `problems.3`, `services.1`, `synergy_points.2`, `insights.4`,
 *   `discovery_questions.1`). The model cites the ids it writes from; each has a content key
 *   (`keys`) that says whether an earlier message already used it.
 * - Base facts, always given and always rested on (never cited): `lead` (the prospect's name and
 *   company from the brief), `contact` (the CRM contact's name, company, title and place properties),
 *   `sender` (the sender identity's name and company, and the signature), `angle`, `goal`, `origin`
 *   (the lead origin sentence), `earlier` (the lead's messages already sent) and `product`.
 *
 * The sender's postal address is not a fact to write from: the e-mail channel appends the identity
 * block after the message (see identity check in checks.ts).
 */

export interface MessageFacts {
  sheet: FactSheet;
  /** The signal facts' ids, in the order given: what the model may cite. */
  signalIds: string[];
  /** The base facts' ids: every check rests on them. */
  baseIds: string[];
  /** A signal fact's content key (its signal and a hash of its texts): stable across the lead's messages. */
  keys: Map<string, string>;
}

/** Contact properties read as facts (HubSpot's internal names); the rest (ids, dates, scores) would only ground stray numbers. */
export const CONTACT_FACT_PROPERTIES = ['firstname', 'lastname', 'company', 'jobtitle', 'city', 'state', 'country', 'industry', 'website'] as const;

/** Longest post text given; longer ones are cut (token budget), as in the brief. */
const MAX_TEXT = 1_500;

export function messageFacts(request: MessageRequest, language: Language): MessageFacts {
  const entries: FactEntry[] = [];
  const keys = new Map<string, string>();
  const add = (id: string, about: string, fields: Record<string, string | string[] | null | undefined>, extra: Partial<FactEntry> = {}, signal?: Signal) => {
    const present = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string | string[]] => {
        const value = entry[1];
        return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
      }),
    );
    if (Object.keys(present).length === 0) return;
    const entry: FactEntry = { id, about, fields: present, also: [], ...extra };
    entries.push(entry);
    if (signal) keys.set(id, factKey(signal, entry));
  };

  const brief = readBrief(request.brief);
  const signalIds: string[] = [];
  for (const signal of new Set(request.signals)) {
    const before = entries.length;
    addSignal(signal, brief, add);
    signalIds.push(...entries.slice(before).map((entry) => entry.id));
  }

  const base: string[] = [];
  const addBase = (id: string, about: string, fields: Record<string, string | string[] | null | undefined>) => {
    const before = entries.length;
    add(id, about, fields);
    if (entries.length > before) base.push(id);
  };
  addBase('lead', 'the lead: the prospect and their company', { name: brief.prospect.name, company: brief.company.name ?? brief.prospect.company });
  addBase('contact', "the lead's CRM contact", contactFields(request.contact.properties));
  addBase('sender', 'who sends the message', { name: request.identity?.name, company: request.identity?.company, signature: request.signature });
  addBase('angle', "the sender's instruction for this message", { angle: request.step.angle, subject_angle: request.subjectAngle });
  addBase('goal', 'what the message asks for', goalFields(request));
  addBase('origin', 'how the sender came to know the lead', { sentence: request.leadOrigin });
  addBase('earlier', 'the messages already sent to the lead', { messages: request.earlier.map((message) => message.body) });
  // Known words, not facts: never shown to the model (messageWords.ts).
  addBase('message_words', 'greeting, sign-off and sentence-opening words', { words: MESSAGE_WORDS[language] });
  addBase('product', "the seller's own product", {
    name: request.product.name,
    description: request.product.description,
    key_features: request.product.features,
    target_customers: request.product.customers,
  });

  const subjects = [
    brief.prospect.name,
    brief.prospect.company,
    brief.company.name,
    text(request.contact.properties.firstname),
    text(request.contact.properties.company),
    request.product.name,
    request.identity?.name,
    request.identity?.company,
    'LinkedIn',
  ].filter((name): name is string => !!name?.trim());
  return {
    sheet: { entries, ids: entries.map((entry) => entry.id), byId: new Map(entries.map((entry) => [entry.id, entry])), subjects },
    signalIds,
    baseIds: base,
    keys,
  };
}

type Add = (id: string, about: string, fields: Record<string, string | string[] | null | undefined>, extra?: Partial<FactEntry>, signal?: Signal) => void;

const LIST_SIGNALS = {
  problems: "a problem the lead's company solves for its customers",
  services: "one of the lead's company's main services or products",
  synergy_points: "a synergy between the lead's company and the seller's product",
  insights: "an insight about the lead's company",
  discovery_questions: 'a discovery question the seller can ask this lead',
} as const;

function addSignal(signal: Signal, brief: Brief, add: Add): void {
  const { prospect, company } = brief;
  switch (signal) {
    case 'posts':
    case 'company_posts': {
      const own = signal === 'posts';
      (own ? prospect.posts : company.posts).forEach((post, i) => {
        const label = own ? (post.reshared ? POST_LABELS.prospectReshared : POST_LABELS.prospectOwn) : post.reshared ? POST_LABELS.companyReshared : POST_LABELS.companyOwn;
        add(`${own ? 'post' : 'company_post'}.${i + 1}`, label, { posted_on: post.posted?.slice(0, 10), text: cut(post.text), summary: post.summary }, { reshared: post.reshared }, signal);
      });
      return;
    }
    case 'news':
      company.news.forEach((item, i) => add(`news.${i + 1}`, "a news item about the lead's company", { summary: item.summary, month: item.date }, {}, signal));
      return;
    case 'role':
      add('role', "the lead's job title and company, as the source wrote them", { title: prospect.title, company: prospect.company ?? company.name }, {}, signal);
      add('role.started', 'the date the lead started in the current role', { value: prospect.last_role_start }, { numberKind: 'role_start' satisfies Kind }, signal);
      return;
    case 'technologies':
      add('technologies', "technologies the lead's company uses", { value: company.technologies }, {}, signal);
      return;
    default:
      company[signal].forEach((item, i) => add(`${signal}.${i + 1}`, LIST_SIGNALS[signal], { value: item }, {}, signal));
  }
}

/** A fact's key: its signal and a hash of what it says, so the same fact has the same key in every message of the lead. */
function factKey(signal: Signal, entry: FactEntry): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(textsOf(entry)))
    .digest('base64url')
    .slice(0, 12);
  return `${signal}:${hash}`;
}

function goalFields(request: MessageRequest): Record<string, string | string[] | undefined> {
  const goal = request.goal;
  switch (goal.type) {
    case 'meetings':
      return { calendar_link: goal.calendar_link };
    case 'self_serve':
      return { pricing_url: goal.pricing_url };
    case 'qualify':
      return { question: goal.question };
    case 'engage':
      return {};
  }
}

function contactFields(properties: ContactProperties): Record<string, string | undefined> {
  const lower = new Map(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.fromEntries(CONTACT_FACT_PROPERTIES.map((name) => [name, text(lower.get(name))]));
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function cut(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

/** The parts of a research brief (`GET /research-status/{id}`'s `data`) the writer reads, defensively: a part missing is empty. */
interface BriefPost {
  text: string | undefined;
  posted: string | undefined;
  reshared: boolean;
  summary: string | undefined;
}

interface Brief {
  prospect: { name: string | undefined; title: string | undefined; company: string | undefined; last_role_start: string | undefined; posts: BriefPost[] };
  company: {
    name: string | undefined;
    technologies: string[];
    posts: BriefPost[];
    news: { summary: string | undefined; date: string | undefined }[];
  } & Record<keyof typeof LIST_SIGNALS, string[]>;
}

function readBrief(data: Record<string, unknown> | null): Brief {
  const object = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const texts = (value: unknown): string[] =>
    list(value)
      .map(text)
      .filter((item): item is string => item !== undefined);
  const posts = (value: unknown): BriefPost[] =>
    list(value)
      .map(object)
      .map((post) => ({ text: text(post.text), posted: text(post.posted), reshared: post.reshared === true, summary: text(post.summary) }));
  const prospect = object(data?.prospect);
  const company = object(data?.company);
  return {
    prospect: { name: text(prospect.name), title: text(prospect.title), company: text(prospect.company), last_role_start: text(prospect.last_role_start), posts: posts(prospect.posts) },
    company: {
      name: text(company.name),
      technologies: texts(company.technologies),
      posts: posts(company.posts),
      news: list(company.news)
        .map(object)
        .map((item) => ({ summary: text(item.summary), date: text(item.date) })),
      problems: texts(company.problems),
      services: texts(company.services),
      synergy_points: texts(company.synergy_points),
      insights: texts(company.insights),
      discovery_questions: texts(company.discovery_questions),
    },
  };
}
