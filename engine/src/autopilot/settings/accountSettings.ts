import { accountNotFound } from '../../accounts/index.ts';
import { type Pool, type PoolClient, type Queryable, transaction } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { normaliseDomain } from '../../platform/emailAddress.ts';
import { type AutopilotSettings, type AutopilotSettingsPatch, autopilotSettingsPatchSchema, type SenderIdentity } from '../contract.ts';
import { isRecord, pointer, prepare, type Problem, problemLines, Problems, schemaCheck, shown } from '../../platform/validation/index.ts';
import { endLeadsAtDomains } from '../leads/leads.ts';
import { type Clock, systemClock } from '../../platform/time.ts';

/** Every setting at its default, as an account that never set one has them (the spec's defaults). */
export const DEFAULT_SETTINGS: Omit<AutopilotSettings, 'content_language' | 'email_ready'> = {
  queue_wait_hours: 6,
  drop_behind_days: null,
  skip_role_based: false,
  skip_free_providers: false,
  excluded_domains: [],
  research_once: true,
  email_signature: null,
  sender_identity: null,
};

interface SettingsRow {
  language: AutopilotSettings['content_language'];
  queue_wait_hours: AutopilotSettings['queue_wait_hours'] | null;
  drop_behind_days: AutopilotSettings['drop_behind_days'];
  skip_role_based: boolean | null;
  skip_free_providers: boolean | null;
  excluded_domains: string[] | null;
  research_once: boolean | null;
  email_signature: string | null;
  sender_identity: SenderIdentity | null;
}

/** One row per account: the account's language and its settings row, which may be missing (all defaults). */
export const SETTINGS_SQL = `SELECT a.language, s.queue_wait_hours, s.drop_behind_days, s.skip_role_based, s.skip_free_providers,
         s.excluded_domains, s.research_once, s.email_signature, s.sender_identity
  FROM accounts a LEFT JOIN autopilot_settings s ON s.account_id = a.id WHERE a.id = $1`;

export function settingsFromRow(row: SettingsRow): AutopilotSettings {
  const settings = {
    queue_wait_hours: row.queue_wait_hours ?? DEFAULT_SETTINGS.queue_wait_hours,
    drop_behind_days: row.drop_behind_days ?? null,
    skip_role_based: row.skip_role_based ?? DEFAULT_SETTINGS.skip_role_based,
    skip_free_providers: row.skip_free_providers ?? DEFAULT_SETTINGS.skip_free_providers,
    excluded_domains: row.excluded_domains ?? [],
    research_once: row.research_once ?? DEFAULT_SETTINGS.research_once,
    content_language: row.language,
    email_signature: row.email_signature,
    sender_identity: row.sender_identity,
  };
  return { ...settings, email_ready: settings.email_signature !== null && settings.sender_identity !== null };
}

/** The account's Autopilot settings, defaults filled in; `account_not_found` when there is no such account. */
export async function readSettings(db: Queryable, accountId: number): Promise<AutopilotSettings> {
  // Prepared once per connection: every touch sent reads them.
  const { rows } = await db.query<SettingsRow>({ name: 'autopilot_read_settings', text: SETTINGS_SQL, values: [accountId] });
  if (rows.length === 0) throw accountNotFound(accountId);
  return settingsFromRow(rows[0]!);
}

const checkPatch = schemaCheck(autopilotSettingsPatchSchema);

/** A settings change as the API and the CLI take it, validated; every problem in words. */
export function parseSettingsPatch(body: unknown): { patch?: AutopilotSettingsPatch; problems: Problem[] } {
  const problems = new Problems();
  const prepared = prepare(body, problems);
  if (!isRecord(prepared)) {
    problems.error('', 'Settings are changed with a set of fields (a JSON object), such as {"queue_wait_hours": 12}');
    return { problems: problems.list };
  }
  if (prepared.email_signature === '') prepared.email_signature = null;
  checkPatch(prepared, problems);
  const domains = Array.isArray(prepared.excluded_domains) ? excludedDomains(prepared.excluded_domains, problems) : undefined;
  if (problems.hasErrors) return { problems: problems.list };
  const patch = { ...prepared } as AutopilotSettingsPatch & { email_ready?: unknown };
  delete patch.email_ready;
  if (domains) patch.excluded_domains = domains;
  return { patch, problems: problems.list };
}

/**
 * Excluded domains in the form e-mail addresses are compared in: lower-case, internationalised domains
 * in their `xn--` form, sorted, each once. `@acme.com` and `*.acme.com` are read as `acme.com`, which
 * excludes its subdomains too.
 */
function excludedDomains(given: unknown[], problems: Problems): string[] {
  const domains = new Set<string>();
  given.forEach((item, index) => {
    if (typeof item !== 'string') return;
    const text = item.replace(/^(?:@|\*\.)/, '').replace(/\.$/, '');
    const domain = text === '' ? undefined : normaliseDomain(text);
    if (domain === undefined || !domain.includes('.')) {
      problems.error(pointer('excluded_domains', index), `Excluded domain ${index + 1}: ${shown(item)} is not a domain; write it as acme.com`);
      return;
    }
    domains.add(domain);
  });
  return [...domains].sort();
}

/** Locks the account's row against other changes to its Autopilots and settings until the transaction ends. */
export async function lockAccount(client: PoolClient, accountId: number): Promise<void> {
  // NO KEY UPDATE: research jobs and other rows referencing the account may still be inserted meanwhile.
  const { rowCount } = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
  if (rowCount === 0) throw accountNotFound(accountId);
}

/**
 * Changes the settings a patch names; answers them all. Domains newly excluded end the account's active
 * leads there in the same transaction ("Domain is on the excluded list"); contacts still being routed
 * are skipped at their next look.
 */
export async function updateSettings(pool: Pool, accountId: number, body: unknown, clock: Clock = systemClock): Promise<AutopilotSettings> {
  const { patch, problems } = parseSettingsPatch(body);
  if (!patch) throw invalidSettings(problems);
  return transaction(pool, async (client) => {
    await lockAccount(client, accountId);
    const current = await readSettings(client, accountId);
    const merged = { ...current, ...patch };
    // Parts of the sender identity may be changed alone; the whole is checked once merged.
    if (patch.sender_identity) merged.sender_identity = { ...(current.sender_identity ?? {}), ...patch.sender_identity } as SenderIdentity;
    const identity = merged.sender_identity;
    if (identity !== null) {
      const missing = (['name', 'company', 'postal_address'] as const).filter((field) => !identity[field]);
      if (missing.length > 0) {
        throw invalidSettings([
          { severity: 'error', path: '/sender_identity', message: `"sender_identity" needs name, company and postal_address; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing` },
        ]);
      }
    }
    await client.query(
      `INSERT INTO autopilot_settings (account_id, queue_wait_hours, drop_behind_days, skip_role_based, skip_free_providers,
                                       excluded_domains, research_once, email_signature, sender_identity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (account_id) DO UPDATE SET
         queue_wait_hours = excluded.queue_wait_hours, drop_behind_days = excluded.drop_behind_days,
         skip_role_based = excluded.skip_role_based, skip_free_providers = excluded.skip_free_providers,
         excluded_domains = excluded.excluded_domains, research_once = excluded.research_once,
         email_signature = excluded.email_signature, sender_identity = excluded.sender_identity, updated_at = now()`,
      [
        accountId,
        merged.queue_wait_hours,
        merged.drop_behind_days,
        merged.skip_role_based,
        merged.skip_free_providers,
        merged.excluded_domains,
        merged.research_once,
        merged.email_signature,
        merged.sender_identity === null ? null : JSON.stringify(merged.sender_identity),
      ],
    );
    if (patch.content_language !== undefined) {
      await client.query('UPDATE accounts SET language = $2 WHERE id = $1', [accountId, patch.content_language]);
    }
    const added = merged.excluded_domains.filter((domain) => !current.excluded_domains.includes(domain));
    if (added.length > 0) await endLeadsAtDomains(client, accountId, added, clock.now());
    return readSettings(client, accountId);
  });
}

export function invalidSettings(problems: Problem[]): AppError {
  return new AppError('invalid_autopilot_settings', { problems }, ['The settings were not changed:', ...problemLines(problems)].join('\n'));
}
