import type { Queryable } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import { draftProblems, invalidAutopilot, validateAddressed } from '../config/autopilots.ts';
import { nameKey } from '../config/names.ts';
import { readRoutingTable, type RoutableAutopilot, type RoutingTable } from '../config/routingTable.ts';
import type { ContactProperties, ContactReason, ContactState, Preview } from '../contract.ts';
import { compileFilter } from '../filter/compile.ts';
import { evaluateFilter } from '../filter/evaluate.ts';
import { type ContactToRoute, decide, ruleCheck } from '../routing/decide.ts';

export const DEFAULT_PREVIEW_CONTACTS = 100;
export const MAX_PREVIEW_CONTACTS = 1000;

export interface PreviewOptions {
  /** How many of the contacts received last (default 100, at most 1,000). */
  contacts?: number;
  /** Where the draft would sit, from 1; by default where its Autopilot is, or the bottom for a new one. */
  position?: number;
  clock: Clock;
}

interface Place {
  state: ContactState;
  reason: ContactReason | null;
  autopilot: string | null;
}

/**
 * A draft Autopilot against the contacts received last, before anyone switches it on: where today's
 * Autopilots put each contact by their filters, and where they would with the draft in its place,
 * switched on; so who it would match, who it would take from the Autopilots below it, and who would
 * still wait. Skip rules apply as in routing; a contact without an address is counted as skipped (an
 * erased contact is left out: nothing of it is left to preview). The
 * time an Autopilot was switched on is left aside (the draft is not on yet), and the fallbacks get their
 * look at once, as when a contact's queue wait ends. The draft's problems come with it, as `PUT` would
 * answer them, so an editor gets both in one call. Reads only: nothing is stored.
 */
export async function previewAutopilot(db: Queryable, accountId: number, name: string, body: unknown, options: PreviewOptions): Promise<Preview> {
  const { draft, problems } = validateAddressed(body, name);
  if (!draft) throw invalidAutopilot(name, problems);
  const now = options.clock.now();
  const contacts = await db.query<{ source: string; contact_id: string; properties: ContactProperties; email: string | null; created_at: Date }>(
    'SELECT source, contact_id, properties, email, created_at FROM autopilot_contacts WHERE account_id = $1 AND erased_at IS NULL ORDER BY received_at DESC, source, contact_id LIMIT $2',
    [accountId, options.contacts ?? DEFAULT_PREVIEW_CONTACTS],
  );
  const [table, live] = await Promise.all([
    readRoutingTable(
      db,
      accountId,
      contacts.rows.map((row) => row.email),
    ),
    db.query<{ id: number; name_key: string }>('SELECT id, name_key FROM autopilots WHERE account_id = $1 AND archived_at IS NULL ORDER BY position', [accountId]),
  ]);

  // The live Autopilots top to bottom, the draft taking its own place, the one asked for, or the bottom.
  const key = nameKey(draft.name);
  const existing = live.rows.findIndex((row) => row.name_key === key);
  const others = live.rows.filter((row) => row.name_key !== key).map((row) => row.id);
  const index = Math.min(Math.max((options.position ?? (existing >= 0 ? existing + 1 : others.length + 1)) - 1, 0), others.length);
  const DRAFT = -1;
  const order = [...others.slice(0, index), DRAFT, ...others.slice(index)];
  const draftAutopilot: RoutableAutopilot = {
    id: existing >= 0 ? live.rows[existing]!.id : DRAFT,
    name: draft.name,
    position: index + 1,
    fallback: draft.fallback,
    enabledAt: now,
    revision: 0,
    filter: compileFilter(draft.filter),
    sequence: draft.sequence,
  };
  const withDraft: RoutingTable = {
    settings: table.settings,
    unsubscribed: table.unsubscribed,
    autopilots: order.flatMap((id, i) => {
      if (id === DRAFT) return [draftAutopilot];
      const autopilot = table.autopilots.find((enabled) => enabled.id === id);
      return autopilot ? [{ ...autopilot, position: i + 1 }] : [];
    }),
  };

  const answered = await draftProblems(db, accountId, draft, problems, index + 1);

  const rows = contacts.rows.map((row) => {
    const contact: ContactToRoute = { source: row.source, contactId: row.contact_id, email: row.email, properties: row.properties, createdAt: row.created_at, waitingSince: null };
    const today = placeIn(contact, table, now);
    const withIt = placeIn(contact, withDraft, now);
    const result = evaluateFilter(draftAutopilot.filter, row.properties);
    const routable = today.state !== 'skipped' && row.email !== null;
    return { id: row.contact_id, source: row.source, email: row.email, matches: routable && result.matched, today, with_draft: withIt, rules: result.rules.map(ruleCheck) };
  });

  const enrolled = rows.filter((row) => row.with_draft.autopilot === draft.name && row.with_draft.state === 'enrolled');
  const taken = new Map<string, number>();
  for (const row of enrolled) {
    const from = row.today.autopilot;
    if (from !== null && nameKey(from) !== key) taken.set(from, (taken.get(from) ?? 0) + 1);
  }
  return {
    autopilot: draft.name,
    position: index + 1,
    fallback: draft.fallback,
    contacts_checked: rows.length,
    would_match: rows.filter((row) => row.matches).length,
    would_enrol: enrolled.length,
    taken_from: [...taken].map(([autopilot, count]) => ({ autopilot, contacts: count })),
    from_waiting: enrolled.filter((row) => row.today.state === 'waiting').length,
    still_waiting: rows.filter((row) => row.with_draft.state === 'waiting' && row.with_draft.reason === 'no_match').length,
    skipped: rows.filter((row) => row.with_draft.state === 'skipped' || row.with_draft.reason === 'no_email').length,
    problems: answered,
    contacts: rows,
  };
}

/** Where routing would put a contact by the table's filters alone, its queue wait over. */
function placeIn(contact: ContactToRoute, table: RoutingTable, now: Date): Place {
  const decision = decide(contact, table, { now, byHand: true });
  switch (decision.kind) {
    case 'skip':
      return { state: 'skipped', reason: decision.reason, autopilot: null };
    case 'enrol':
      return { state: 'enrolled', reason: decision.via, autopilot: decision.autopilot.name };
    default:
      // Nothing takes it: it waits (and, unless something changes, is abandoned when its wait ends).
      return { state: 'waiting', reason: decision.reason, autopilot: null };
  }
}
