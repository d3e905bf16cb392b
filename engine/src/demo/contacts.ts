import { decide, type RoutingTable } from '../autopilot/index.ts';
import type { ContactReason, ContactState, Explanation, LeadEndReason } from '../autopilot/contract.ts';
import type { Random } from './random.ts';
import {
  addressPart,
  COMPANIES,
  EXCLUDED_DOMAIN,
  FIRST_NAMES,
  FOUNDER_TITLES,
  FREE_MAILBOX_DOMAINS,
  LAST_NAMES,
  LIFECYCLE_STAGES,
  ROLE_LOCAL_PARTS,
  type SampleCompany,
  TITLES,
} from './vocabulary.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a sample contact is made to be; routing (the engine's own `decide`) then says where it goes and why. */
type Target = 'enrol' | 'enrol_fallback' | 'wait_no_match' | 'wait_no_email' | 'wait_credits' | 'skip_role' | 'skip_free' | 'skip_excluded' | 'abandon_no_match' | 'abandon_no_email';

/** The contacts that are not leads, by share. */
const OTHERS: Record<Exclude<Target, 'enrol' | 'enrol_fallback'>, number> = {
  wait_no_match: 14,
  wait_no_email: 5,
  wait_credits: 2,
  skip_role: 12,
  skip_free: 24,
  skip_excluded: 4,
  abandon_no_match: 34,
  abandon_no_email: 5,
};

/** How leads end, by share; the rest stay active. */
const ENDINGS: Record<LeadEndReason | 'active', number> = {
  active: 42,
  replied: 14,
  meeting_booked: 4,
  call_connected: 3,
  invite_accepted: 2,
  sequence_ended: 18,
  unsubscribed: 3,
  property_changed: 3,
  closed_manually: 3,
  no_reachable_channel: 3,
  fell_behind: 1,
  domain_excluded: 1,
  autopilot_archived: 0,
};

export interface DemoLead {
  autopilotId: number;
  revision: number;
  enrolledBy: 'matched' | 'fallback';
  enrolledAt: Date;
  researchId: string;
  /** Null while active. */
  endReason: LeadEndReason | null;
  endedAt: Date | null;
}

export interface DemoContact {
  contactId: string;
  email: string | null;
  properties: Record<string, string | number>;
  createdAt: Date;
  receivedAt: Date;
  state: ContactState;
  reason: ContactReason;
  autopilotId: number | null;
  waitingSince: Date | null;
  nextCheckAt: Date | null;
  decidedAt: Date;
  explanation: Explanation;
  lead: DemoLead | null;
}

/** A UUID (version 4 layout) from the seeded generator, so research ids are the same every run. */
export function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

const EMEA = new Set(['Germany', 'France', 'Netherlands', 'Spain', 'Italy', 'Poland', 'Sweden']);
const companiesWhere = (keep: (company: SampleCompany) => boolean) => COMPANIES.filter(keep);
const FOR_EMEA = companiesWhere((c) => EMEA.has(c.country) && c.employees >= 50 && c.employees <= 1000);
const FOR_US = companiesWhere((c) => c.country === 'United States');
/** Companies no Autopilot but the fallback takes (outside the US, not a mid-sized EMEA company), of 20 people or more. */
const FOR_FALLBACK = companiesWhere((c) => c.country !== 'United States' && !FOR_EMEA.includes(c) && c.employees >= 20);
const ANYWHERE = COMPANIES;
const COLLEAGUES = TITLES.filter((title) => !(FOUNDER_TITLES as readonly string[]).includes(title));

interface Person {
  properties: Record<string, string | number>;
  email: string | null;
}

function person(random: Random, index: number, company: SampleCompany, title: string, address: 'work' | 'free' | 'role' | 'excluded' | 'none', employees = company.employees): Person {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const local = `${addressPart(first)}.${addressPart(last)}${index % 7 === 0 ? index : ''}`;
  const email = {
    work: `${local}@${company.domain}`,
    free: `${local}${index}@${random.pick(FREE_MAILBOX_DOMAINS)}`,
    role: `${random.pick(ROLE_LOCAL_PARTS)}@${company.domain}`,
    excluded: `${local}@${EXCLUDED_DOMAIN}`,
    none: null,
  }[address];
  const properties: Record<string, string | number> = {
    firstname: first,
    lastname: last,
    company: address === 'excluded' ? 'Competitor Ltd' : company.name,
    jobtitle: title,
    country: company.country,
    city: company.city,
    numberofemployees: employees,
    industry: company.industry,
    lifecyclestage: random.pick(LIFECYCLE_STAGES),
    phone: `+${random.int(30, 49)} ${random.int(100, 999)} ${random.int(1000000, 9999999)}`,
    linkedin_url: `https://www.linkedin.com/in/${addressPart(first)}-${addressPart(last)}-${index}`,
    telegram: `@${addressPart(first)}${index}`,
  };
  if (email !== null) properties.email = email;
  return { properties, email };
}

/** The sample person a target needs: founders for the first Autopilot, a mid-sized EMEA company for the second, and so on. */
function personFor(random: Random, index: number, target: Target, autopilot: number): Person {
  switch (target) {
    case 'enrol':
    case 'wait_credits':
      if (autopilot === 0) return person(random, index, random.pick(ANYWHERE), random.pick(FOUNDER_TITLES), 'work');
      if (autopilot === 1) return person(random, index, random.pick(FOR_EMEA), random.pick(COLLEAGUES), 'work');
      return person(random, index, random.pick(FOR_US), random.pick(COLLEAGUES), 'work');
    case 'enrol_fallback':
    case 'wait_no_match':
      return person(random, index, random.pick(FOR_FALLBACK), random.pick(COLLEAGUES), 'work');
    case 'abandon_no_match':
      return person(random, index, random.pick(FOR_FALLBACK), random.pick(COLLEAGUES), 'work', random.int(3, 19));
    case 'wait_no_email':
    case 'abandon_no_email':
      return person(random, index, random.pick(ANYWHERE), random.pick(TITLES), 'none');
    case 'skip_role':
      return person(random, index, random.pick(ANYWHERE), random.pick(TITLES), 'role');
    case 'skip_free':
      return person(random, index, random.pick(ANYWHERE), random.pick(TITLES), 'free');
    case 'skip_excluded':
      return person(random, index, random.pick(ANYWHERE), random.pick(TITLES), 'excluded');
  }
}

/** When a target's contact arrived and when routing decided (as it would have: at once, or when the queue wait ended). */
function timesFor(random: Random, target: Target, now: Date, days: number, waitMs: number): { receivedAt: Date; decidedAt: Date; waitingSince: Date | null } {
  const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
  const recent = target.startsWith('wait_');
  const latest = target.startsWith('abandon') || target === 'enrol_fallback' ? now.getTime() - waitMs - HOUR : now.getTime() - HOUR;
  const receivedAt = recent ? at(now.getTime() - random.int(60_000, waitMs - 10 * 60_000)) : at(latest - random.next() * (days * DAY - waitMs));
  if (recent) return { receivedAt, decidedAt: at(now.getTime() - random.int(5_000, 55_000)), waitingSince: receivedAt };
  if (target === 'enrol_fallback' || target.startsWith('abandon')) return { receivedAt, decidedAt: new Date(receivedAt.getTime() + waitMs), waitingSince: receivedAt };
  return { receivedAt, decidedAt: new Date(receivedAt.getTime() + random.int(2, 40) * 1000), waitingSince: null };
}

export interface ContactPlan {
  contacts: number;
  leads: number;
  now: Date;
  /** Contacts arrive over this many days before `now`. */
  days: number;
}

/**
 * The sample contacts, each routed by the engine's own `decide` against the account's routing table
 * (so every explanation is one routing would write): the first `leads` enrolled (about one in ten by
 * the fallback), the rest waiting, skipped or abandoned for each reason. Leads get their research id
 * and how they end; `ids` makes their research ids (unique per account, as the table's key needs).
 */
export function demoContacts(random: Random, ids: Random, table: RoutingTable, plan: ContactPlan): DemoContact[] {
  const waitMs = table.settings.queue_wait_hours * HOUR;
  const contacts: DemoContact[] = [];
  for (let index = 0; index < plan.contacts; index++) {
    const target: Target = index < plan.leads ? (random.chance(0.1) ? 'enrol_fallback' : 'enrol') : random.weighted(OTHERS);
    const autopilot = random.weighted({ 0: 20, 1: 50, 2: 30 });
    const { properties, email } = personFor(random, index, target, Number(autopilot));
    const times = timesFor(random, target, plan.now, plan.days, waitMs);
    const createdAt = new Date(times.receivedAt.getTime() - random.int(1, 48 * 60) * 60_000);
    const contactId = String(100_001 + index);
    const decision = decide({ source: 'api', contactId, email, properties, createdAt, waitingSince: times.waitingSince }, table, { now: times.decidedAt });
    const base = { contactId, email, properties, createdAt, receivedAt: times.receivedAt, decidedAt: times.decidedAt, waitingSince: null, nextCheckAt: null, autopilotId: null, lead: null };
    if (decision.kind === 'enrol' && target === 'wait_credits') {
      const text = `"${decision.autopilot.name}" (position ${decision.autopilot.position}) matches, but the account has no credits left (every credit of this cycle used): the contact waits, held for it, and is enrolled as soon as it can be (routing looks again every 15 minutes)`;
      contacts.push({
        ...base,
        state: 'waiting',
        reason: 'credits_exhausted',
        autopilotId: decision.autopilot.id,
        waitingSince: times.receivedAt,
        nextCheckAt: new Date(plan.now.getTime() + 15 * 60_000),
        explanation: { ...decision.explanation, text },
      });
    } else if (decision.kind === 'enrol') {
      const researchId = seededUuid(ids);
      const ending = random.weighted(ENDINGS);
      const elapsed = plan.now.getTime() - times.decidedAt.getTime();
      // A lead ends after its first day (its first touches went out), never in the future.
      const endReason = ending === 'active' || elapsed < 2 * DAY ? null : ending;
      const endedAt = endReason === null ? null : new Date(times.decidedAt.getTime() + DAY + Math.floor(((elapsed - DAY) * (0.1 + 0.85 * random.next())) / 1000) * 1000);
      // A stop property that changed: the contact became a customer in the CRM (from an opportunity).
      if (endReason === 'property_changed') properties.lifecyclestage = 'customer';
      contacts.push({
        ...base,
        state: 'enrolled',
        reason: decision.via,
        autopilotId: decision.autopilot.id,
        explanation: { ...decision.explanation, text: `${decision.explanation.text}; research ${researchId} started (1 credit)` },
        lead: { autopilotId: decision.autopilot.id, revision: decision.autopilot.revision, enrolledBy: decision.via, enrolledAt: times.decidedAt, researchId, endReason, endedAt },
      });
    } else if (decision.kind === 'wait') {
      contacts.push({ ...base, state: 'waiting', reason: decision.reason, waitingSince: decision.waitingSince, nextCheckAt: decision.nextCheckAt, explanation: decision.explanation });
    } else {
      contacts.push({ ...base, state: decision.kind === 'skip' ? 'skipped' : 'abandoned', reason: decision.reason, explanation: decision.explanation });
    }
  }
  return contacts;
}
