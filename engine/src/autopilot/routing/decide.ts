import { isoWithOffset } from '../../platform/time.ts';
import type { RoutableAutopilot, RoutingTable } from '../config/routingTable.ts';
import type { AutopilotCheck, Explanation, RuleCheck } from '../contract.ts';
import type { Contact } from '../filter/contactValue.ts';
import { evaluateFilter, type FilterResult, type RuleResult } from '../filter/evaluate.ts';
import { checkSkipRules, type SkipReason } from './skipRules.ts';
import { nextCheck, queueWaitEnds } from './schedule.ts';

/** A contact as routing reads it. */
export interface ContactToRoute {
  /** Where it comes from (a contact is one source's id): `api`, `hubspot:<portal>`. */
  source: string;
  contactId: string;
  /** The normalised address research takes; null when the contact has no valid one. */
  email: string | null;
  properties: Contact;
  /** When the CRM created it. */
  createdAt: Date;
  /** When it began to wait; null until routing first leaves it waiting. */
  waitingSince: Date | null;
}

/** What routing decided, before enrolment looks for credits. */
export type Decision =
  | { kind: 'skip'; reason: SkipReason; explanation: Explanation }
  | { kind: 'enrol'; autopilot: RoutableAutopilot; via: 'matched' | 'fallback'; explanation: Explanation }
  | { kind: 'wait'; reason: 'no_match' | 'no_email'; waitingSince: Date; nextCheckAt: Date; explanation: Explanation }
  | { kind: 'abandon'; reason: 'no_match' | 'no_email'; explanation: Explanation };

export interface DecideOptions {
  now: Date;
  /**
   * By hand (`contacts reprocess`): the contact's wait is over, so the fallbacks get their look at once,
   * and Autopilots switched on after it was created act on it too (someone asked for it).
   */
  byHand?: boolean;
}

/**
 * Routes one contact, a pure function of the contact, the account's routing table and the time:
 * without a valid address it waits for one; then the skip rules; then the enabled Autopilots that are
 * not fallbacks, top to bottom, each acting only on contacts created after it was switched on; the
 * first whose filter matches enrols it. None: it waits, until its queue wait ends, when the fallbacks
 * get their look, top to bottom; none of them either: it is abandoned.
 */
export function decide(contact: ContactToRoute, table: RoutingTable, options: DecideOptions): Decision {
  const { now } = options;
  const { settings } = table;
  const waitingSince = contact.waitingSince ?? now;
  const waitEnds = queueWaitEnds(waitingSince, settings.queue_wait_hours);
  const waitIsOver = options.byHand === true || now >= waitEnds;
  const explanation = (text: string, autopilots: AutopilotCheck[] = [], skipRules: Explanation['skip_rules'] = []): Explanation => ({
    checked_at: isoWithOffset(now),
    text,
    skip_rules: skipRules,
    autopilots,
  });

  if (contact.email === null) {
    if (waitIsOver) {
      return { kind: 'abandon', reason: 'no_email', explanation: explanation(`${waitOver(settings.queue_wait_hours, options)} without a valid e-mail address: abandoned, no research, no credit`) };
    }
    const text = `The contact has no valid e-mail address (property "email"), so it cannot be researched: it waits for one until ${isoWithOffset(waitEnds)} (a property change is looked at at once)`;
    return { kind: 'wait', reason: 'no_email', waitingSince, nextCheckAt: nextCheck(waitingSince, now, waitEnds), explanation: explanation(text) };
  }

  const skipRules = checkSkipRules(contact.email, settings, table.unsubscribed);
  if (skipRules.skip) {
    const rule = skipRules.checks.find((check) => check.rule === skipRules.skip)!;
    return { kind: 'skip', reason: skipRules.skip, explanation: explanation(`Skipped: ${rule.text}. No research, no credit`, [], skipRules.checks) };
  }

  const checks: AutopilotCheck[] = [];
  const look = (autopilot: RoutableAutopilot, pass: AutopilotCheck['pass']): boolean => {
    const result = evaluateFilter(autopilot.filter, contact.properties);
    const actsOnIt = options.byHand === true || autopilot.enabledAt < contact.createdAt;
    checks.push(autopilotCheck(autopilot, pass, result, actsOnIt ? undefined : contact.createdAt));
    return actsOnIt && result.matched;
  };

  const normal = table.autopilots.find((autopilot) => {
    if (!autopilot.fallback) return look(autopilot, 'normal');
    if (!waitIsOver) checks.push(fallbackLater(autopilot, waitEnds));
    return false;
  });
  if (normal) {
    return { kind: 'enrol', autopilot: normal, via: 'matched', explanation: explanation(`Enrolled in ${named(normal)}: its filter matches`, checks, skipRules.checks) };
  }

  const fallbacks = table.autopilots.filter((autopilot) => autopilot.fallback);
  const cannot = noneActsOnIt(contact, table, options);
  if (waitIsOver) {
    const fallback = fallbacks.find((autopilot) => look(autopilot, 'fallback'));
    if (fallback) {
      const text = `${waitOver(settings.queue_wait_hours, options)} with no Autopilot matching; the fallback ${named(fallback)} matches: enrolled in it`;
      return { kind: 'enrol', autopilot: fallback, via: 'fallback', explanation: explanation(text, checks, skipRules.checks) };
    }
    const none = fallbacks.length === 0 ? 'the account has no fallback switched on' : 'no fallback matches';
    return {
      kind: 'abandon',
      reason: 'no_match',
      explanation: explanation(`${cannot}${waitOver(settings.queue_wait_hours, options)} and ${none}: abandoned, no research, no credit`, checks, skipRules.checks),
    };
  }

  const nothingOn = table.autopilots.length === 0 ? 'No Autopilot is switched on' : 'No Autopilot matches yet';
  const then = fallbacks.length === 0 ? 'it is abandoned if none matches by then (the account has no fallback switched on)' : 'the fallbacks get their look, and it is abandoned if none matches';
  const text =
    `${cannot}${nothingOn}: waiting in the queue until ${isoWithOffset(waitEnds)} (queue wait ${settings.queue_wait_hours} hours). ` +
    `Routing looks again every minute for the first 15 minutes, then every 15 minutes, and at once when a property changes; when the wait ends, ${then}`;
  return { kind: 'wait', reason: 'no_match', waitingSince, nextCheckAt: nextCheck(waitingSince, now, waitEnds), explanation: explanation(text, checks, skipRules.checks) };
}

/**
 * What heads the explanation of a contact no Autopilot can ever take by itself: every one switched on
 * was switched on after the contact was created (an Autopilot acts only on contacts created after it),
 * (or none is switched on), so neither the normal pass nor the fallbacks' look will take it, nor will
 * any Autopilot switched on later. Only a reprocess by hand routes it. Empty otherwise.
 */
function noneActsOnIt(contact: ContactToRoute, table: RoutingTable, options: DecideOptions): string {
  if (options.byHand === true || table.autopilots.some((autopilot) => autopilot.enabledAt < contact.createdAt)) return '';
  const why =
    table.autopilots.length === 0
      ? `none is switched on, and one switched on later acts only on contacts created after it (this one was created ${isoWithOffset(contact.createdAt)})`
      : `it was created (${isoWithOffset(contact.createdAt)}) before every Autopilot switched on was, and an Autopilot acts only on contacts created after it is switched on`;
  return `No Autopilot can take this contact: ${why}; only a reprocess by hand (POST /autopilot/contacts/{id}/reprocess, or prospect-engine contacts reprocess) routes it. `;
}

/** `"EMEA SaaS" (position 1)`. */
export function named(autopilot: { name: string; position: number }): string {
  return `"${autopilot.name}" (position ${autopilot.position})`;
}

function waitOver(hours: number, options: DecideOptions): string {
  return options.byHand ? 'Reprocessed by hand' : `The queue wait of ${hours} hours ended`;
}

function autopilotCheck(autopilot: RoutableAutopilot, pass: AutopilotCheck['pass'], result: FilterResult, createdAt: Date | undefined): AutopilotCheck {
  const base = { autopilot: autopilot.name, autopilot_id: autopilot.id, position: autopilot.position, fallback: autopilot.fallback, pass };
  const rules = result.rules.map(ruleCheck);
  if (createdAt !== undefined) {
    const text =
      `${named(autopilot)}: switched on at ${isoWithOffset(autopilot.enabledAt)}, after the contact was created (${isoWithOffset(createdAt)}); ` +
      `only contacts created after an Autopilot is switched on are acted on (its filter ${result.matched ? 'matches' : 'does not match'} anyway)`;
    return { ...base, outcome: 'created_before_enabled', text, rules };
  }
  return { ...base, outcome: result.matched ? 'matched' : 'no_match', text: `${named(autopilot)}: ${result.text}`, rules };
}

function fallbackLater(autopilot: RoutableAutopilot, waitEnds: Date): AutopilotCheck {
  return {
    autopilot: autopilot.name,
    autopilot_id: autopilot.id,
    position: autopilot.position,
    fallback: true,
    pass: 'normal',
    outcome: 'fallback_later',
    text: `${named(autopilot)}: a fallback, skipped in the normal pass; it gets its look when the queue wait ends (${isoWithOffset(waitEnds)})`,
    rules: [],
  };
}

/** The evaluator's verdict on one rule, as the API answers it. */
export function ruleCheck(result: RuleResult): RuleCheck {
  return {
    rule: result.rule,
    property: result.property,
    operator: result.operator,
    matched: result.matched,
    reason: result.reason,
    contact_value: result.contactValue,
    description: result.description,
    text: result.text,
  };
}
