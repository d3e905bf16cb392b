import { type Pool, type PoolClient, type Queryable, transaction } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Clock, isoWithOffset, systemClock } from '../../platform/time.ts';
import { type AutopilotDocument, type AutopilotView, autopilotOrderSchema, type Problem, type StopProperty } from '../contract.ts';
import { readSourceWatches } from '../intake/sourceWatches.ts';
import { releaseArchivedAutopilot } from '../leads/leads.ts';
import { isRecord, pointer, prepare, problemLines, Problems, schemaCheck, shown } from '../../platform/validation/index.ts';
import { readSettings, lockAccount } from '../settings/accountSettings.ts';
import { accountWarnings } from './accountWarnings.ts';
import { channelsWithSender } from './senderChannels.ts';
import { type AutopilotDraft, documentWarnings, enablingProblems, validateAutopilot, type Validation } from './document.ts';
import { isPossibleName, nameKey } from './names.ts';
import { stopProperties } from './stopProperties.ts';
import { autopilotNotFound, insertAutopilot, markArchived, selectAutopilot, selectAutopilots, type StoredAutopilot, updateAutopilot, writeOrder } from './store.ts';

/** What applying a document did. */
export type ApplyAction = 'created' | 'updated' | 'unchanged';

export interface Applied {
  action: ApplyAction;
  autopilot: AutopilotView;
}

/**
 * Runs `work` in one transaction holding the account's lock, so two changes to one account's
 * Autopilots (an apply and a reorder, say) happen one after the other and never corrupt the order.
 * With `commit: false` the work is rolled back at the end (a dry run) but its result still returned.
 */
async function withAccount<T>(pool: Pool, accountId: number, work: (client: PoolClient) => Promise<T>, commit = true): Promise<T> {
  return transaction(
    pool,
    async (client) => {
      await lockAccount(client, accountId);
      return work(client);
    },
    { commit },
  );
}

/**
 * Each live Autopilot's view with every problem it has now: its own and those the rest of the account
 * causes; and how the account's CRM sources watch its stop properties (with a warning for one a
 * connected source does not watch).
 */
async function views(client: PoolClient, accountId: number, archived = false): Promise<AutopilotView[]> {
  const autopilots = await selectAutopilots(client, accountId, { archived });
  const settings = await readSettings(client, accountId);
  const senders = await channelsWithSender(client, accountId);
  const watches = await readSourceWatches(client, accountId);
  const live = autopilots.filter((autopilot) => autopilot.archivedAt === null);
  const warnings = accountWarnings(live, settings, senders);
  return autopilots.map((autopilot) => {
    if (autopilot.archivedAt !== null) return view(autopilot, ownProblems(autopilot.document));
    const stops = stopProperties(autopilot.document, watches);
    return view(autopilot, [...ownProblems(autopilot.document), ...(warnings.get(autopilot.id) ?? []), ...stops.warnings], stops.stopProperties);
  });
}

/**
 * The problems `PUT` would answer for a draft placed at `position` among the account's live Autopilots
 * (its own place when it exists): its own (`validated`, from validating it), then those the rest of the
 * account causes, then the stop properties a CRM source does not watch. Reads only.
 */
export async function draftProblems(db: Queryable, accountId: number, draft: AutopilotDraft, validated: Problem[], position: number): Promise<Problem[]> {
  const [autopilots, settings, senders, watches] = await Promise.all([
    selectAutopilots(db, accountId),
    readSettings(db, accountId),
    channelsWithSender(db, accountId),
    readSourceWatches(db, accountId),
  ]);
  const key = nameKey(draft.name);
  const existing = autopilots.find((autopilot) => nameKey(autopilot.document.name) === key);
  const others = autopilots.filter((autopilot) => autopilot !== existing);
  const document: AutopilotDocument = { ...draft, enabled: draft.enabled ?? existing?.document.enabled ?? false };
  const now = new Date(0);
  const placed: StoredAutopilot = existing ? { ...existing, document } : { id: -1, accountId, position, revision: 0, enabledAt: null, createdAt: now, updatedAt: now, archivedAt: null, document };
  const index = Math.min(Math.max(position - 1, 0), others.length);
  const live = [...others.slice(0, index), placed, ...others.slice(index)].map((autopilot, at) => ({ ...autopilot, position: at + 1 }));
  const warnings = accountWarnings(live, settings, senders).get(placed.id) ?? [];
  return [...validated, ...warnings, ...stopProperties(document, watches).warnings];
}

async function viewOf(client: PoolClient, autopilot: StoredAutopilot): Promise<AutopilotView> {
  if (autopilot.archivedAt !== null) return view(autopilot, ownProblems(autopilot.document));
  return (await views(client, autopilot.accountId)).find((other) => other.id === autopilot.id)!;
}

function ownProblems(document: AutopilotDocument): Problem[] {
  return [...enablingProblems(document), ...documentWarnings(document)];
}

export function view(autopilot: StoredAutopilot, problems: Problem[], stopProperties?: StopProperty[]): AutopilotView {
  return {
    ...autopilot.document,
    id: autopilot.id,
    position: autopilot.position,
    revision: autopilot.revision,
    enabled_at: autopilot.enabledAt && isoWithOffset(autopilot.enabledAt),
    created_at: isoWithOffset(autopilot.createdAt),
    updated_at: isoWithOffset(autopilot.updatedAt),
    archived_at: autopilot.archivedAt && isoWithOffset(autopilot.archivedAt),
    problems,
    ...(stopProperties ? { stop_properties: stopProperties } : {}),
  };
}

export function invalidAutopilot(name: string | undefined, problems: Problem[], why = 'has problems'): AppError {
  const title = name === undefined ? `The Autopilot ${why}:` : `The Autopilot "${name}" ${why}:`;
  return new AppError('invalid_autopilot', { problems }, [title, ...problemLines(problems)].join('\n'));
}

/** The name a document gives, for messages about it. */
function nameIn(input: unknown): string | undefined {
  return isRecord(input) && typeof input.name === 'string' ? input.name.trim() : undefined;
}

/**
 * Validates a document sent to an address that names it (`PUT /autopilots/{name}`): one without a name
 * takes the address's, one with another name is refused.
 */
export function validateAddressed(input: unknown, addressed: string | undefined): Validation & { input: unknown } {
  const named = addressed !== undefined && isRecord(input) && input.name === undefined ? { ...input, name: addressed } : input;
  const validation = validateAutopilot(named);
  if (validation.draft && addressed !== undefined && nameKey(validation.draft.name) !== nameKey(addressed)) {
    validation.problems.unshift({
      severity: 'error',
      path: '/name',
      message: `The document is named "${validation.draft.name}" but the address names "${addressed}"; a different name is a different Autopilot`,
    });
    delete validation.draft;
  }
  return { input: named, ...validation };
}

/**
 * Creates or updates Autopilots by name, in one transaction: all of them or none. A document that
 * leaves `enabled` out keeps the Autopilot's state (new ones start off); one that would be on must
 * be ready to be. `addressed` is the name a URL gives (`PUT /autopilots/{name}`): a document without
 * a name takes it, one with another name is refused.
 */
export async function applyAutopilots(pool: Pool, accountId: number, inputs: unknown[], options: { addressed?: string; dryRun?: boolean; clock?: Clock } = {}): Promise<Applied[]> {
  const now = (options.clock ?? systemClock).now();
  const validated = inputs.map((input) => validateAddressed(input, options.addressed));
  const refused = validated.find((v) => v.problems.some((problem) => problem.severity === 'error'));
  if (refused) throw invalidAutopilot(nameIn(refused.input), refused.problems, inputs.length > 1 ? `(document ${validated.indexOf(refused) + 1}) has problems` : undefined);
  const keys = validated.map((v) => nameKey(v.draft!.name));
  const repeated = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (repeated >= 0)
    throw invalidAutopilot(validated[repeated]!.draft!.name, [
      { severity: 'error', path: '/name', message: `Documents ${keys.indexOf(keys[repeated]!) + 1} and ${repeated + 1} are both named "${validated[repeated]!.draft!.name}"` },
    ]);

  return withAccount(
    pool,
    accountId,
    async (client) => {
      const written: { action: ApplyAction; autopilot: StoredAutopilot }[] = [];
      for (const { draft, problems } of validated) {
        const existing = await selectAutopilot(client, accountId, draft!.name);
        const document: AutopilotDocument = { ...draft!, enabled: draft!.enabled ?? existing?.document.enabled ?? false };
        if (document.enabled && problems.some((problem) => problem.severity === 'blocks_enabling')) {
          throw invalidAutopilot(document.name, problems, 'cannot be switched on');
        }
        if (!existing) {
          written.push({ action: 'created', autopilot: await insertAutopilot(client, accountId, document, now) });
        } else if (JSON.stringify(sorted(existing.document)) === JSON.stringify(sorted(document))) {
          written.push({ action: 'unchanged', autopilot: existing });
        } else {
          written.push({ action: 'updated', autopilot: await updateAutopilot(client, existing.id, document, now) });
        }
      }
      const all = await views(client, accountId);
      return written.map(({ action, autopilot }) => ({ action, autopilot: all.find((v) => v.id === autopilot.id)! }));
    },
    !options.dryRun,
  );
}

/** A value with its object keys in order, so two equal documents stringify alike. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  return value;
}

/** The account's Autopilots top to bottom, each with its problems; with `archived`, the archived ones after them. */
export async function listAutopilots(pool: Pool, accountId: number, options: { archived?: boolean } = {}): Promise<AutopilotView[]> {
  // One snapshot, so the warnings about the account match the Autopilots listed.
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return await views(client, accountId, options.archived);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** One live Autopilot by name (any case), with its problems; `autopilot_not_found` otherwise. */
export async function showAutopilot(pool: Pool, accountId: number, name: string): Promise<AutopilotView> {
  const found = (await listAutopilots(pool, accountId)).find((autopilot) => isPossibleName(name) && nameKey(autopilot.name) === nameKey(name));
  if (!found) throw autopilotNotFound(name);
  return found;
}

async function liveAutopilot(client: PoolClient, accountId: number, name: string): Promise<StoredAutopilot> {
  const autopilot = isPossibleName(name) ? await selectAutopilot(client, accountId, name) : undefined;
  if (!autopilot) throw autopilotNotFound(name);
  return autopilot;
}

/** Switches an Autopilot on or off. Switching on needs a ready document; contacts created from then on are acted on. */
export async function switchAutopilot(pool: Pool, accountId: number, name: string, enabled: boolean, clock: Clock = systemClock): Promise<AutopilotView> {
  return withAccount(pool, accountId, async (client) => {
    const autopilot = await liveAutopilot(client, accountId, name);
    if (enabled) {
      const blockers = enablingProblems(autopilot.document);
      if (blockers.length > 0) throw invalidAutopilot(autopilot.document.name, blockers, 'cannot be switched on');
    }
    const updated = autopilot.document.enabled === enabled ? autopilot : await updateAutopilot(client, autopilot.id, { ...autopilot.document, enabled }, clock.now());
    return viewOf(client, updated);
  });
}

/**
 * Archives an Autopilot (what `DELETE /autopilots/{name}` does): switched off for good, out of the
 * order, its name free for a new one. It is kept, with its id, for its leads, which end in the same
 * transaction ("Its Autopilot was archived"); contacts it held for credits are routed again.
 */
export async function archiveAutopilot(pool: Pool, accountId: number, name: string, clock: Clock = systemClock): Promise<AutopilotView> {
  const now = clock.now();
  return withAccount(pool, accountId, async (client) => {
    const archived = await markArchived(client, await liveAutopilot(client, accountId, name), now);
    await releaseArchivedAutopilot(client, archived, now);
    return viewOf(client, archived);
  });
}

const checkOrder = schemaCheck(autopilotOrderSchema);

/**
 * Puts the named Autopilots at the top, in the order given; the others keep their order below them.
 * Names are matched whatever their case; an unknown or repeated name refuses the whole order.
 */
export async function reorderAutopilots(pool: Pool, accountId: number, body: unknown, clock: Clock = systemClock): Promise<AutopilotView[]> {
  const problems = new Problems();
  const prepared = prepare(body, problems);
  if (!isRecord(prepared)) problems.error('', 'An order is a set of fields (a JSON object) such as {"names": ["EMEA SaaS", "Everyone else"]}');
  else checkOrder(prepared, problems);
  if (problems.hasErrors) throw invalidOrder(problems.list);
  const names = (prepared as { names: string[] }).names;
  return withAccount(pool, accountId, async (client) => {
    const live = await selectAutopilots(client, accountId);
    const byKey = new Map(live.map((autopilot) => [nameKey(autopilot.document.name), autopilot]));
    const chosen: StoredAutopilot[] = [];
    names.forEach((name, index) => {
      const autopilot = isPossibleName(name) ? byKey.get(nameKey(name)) : undefined;
      if (!autopilot) problems.error(pointer('names', index), `Name ${index + 1}: no Autopilot named ${shown(name)} in this account`);
      else if (chosen.includes(autopilot)) problems.error(pointer('names', index), `Name ${index + 1}: "${autopilot.document.name}" is listed twice`);
      else chosen.push(autopilot);
    });
    if (problems.hasErrors) throw invalidOrder(problems.list);
    const order = [...chosen, ...live.filter((autopilot) => !chosen.includes(autopilot))];
    await writeOrder(
      client,
      accountId,
      order.map((autopilot) => autopilot.id),
      clock.now(),
    );
    return views(client, accountId);
  });
}

function invalidOrder(problems: Problem[]): AppError {
  return new AppError('invalid_autopilot_order', { problems }, ['The order was not changed:', ...problemLines(problems)].join('\n'));
}
