import validator from 'validator';
import { accountNotFound } from '../accounts/index.ts';
import { type Pool, type Queryable, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { type Secrets, secretKeyMissing } from '../platform/secrets.ts';
import { type Clock, isoWithOffset, today } from '../platform/time.ts';
import { isRecord, prepare, type Problem, problemLines, Problems, type Refusal, refusalCheck, shown } from '../platform/validation/index.ts';
import {
  checkWarmup,
  checkZoneAndHours,
  dayNames,
  DEFAULT_SCHEDULE,
  SCHEDULE_COLUMNS,
  scheduleColumns,
  scheduleFromRow,
  scheduleOf,
  type ScheduleRow,
  type SendingSchedule,
  warmupView,
  weekdays,
} from '../senders/index.ts';
import { MAILBOX_SCHEDULE, MAX_MAILBOXES_PER_ACCOUNT, type MailboxInput, mailboxInputSchema, type MailboxPatch, type MailboxView, type Security } from './contract.ts';

/*
 * The mailbox store. Its table, autopilot_mailboxes, stays in the Autopilot's migration stream
 * (autopilot/migrations/0004_mailboxes.sql), where mailboxes began: a migration that moved would be run
 * again or lost. The Autopilot module runs that stream wherever mailboxes are used (the credit alerts'
 * events module comes after it in the composition).
 */

/** The Secrets purpose mailbox passwords are sealed with. */
export const PASSWORD_PURPOSE = 'mailbox-password';

export interface ServerSettings {
  host: string;
  port: number;
  security: Security;
  user: string;
  /** `Secrets.seal(PASSWORD_PURPOSE, password)`. */
  passwordSealed: string;
}

/** A mailbox as the e-mail channel and the credit alerts send from it (sealed passwords included: never answer this). */
export interface Mailbox {
  id: number;
  accountId: number;
  fromAddress: string;
  fromName: string | null;
  smtp: ServerSettings;
  imap: ServerSettings | null;
  schedule: SendingSchedule;
  imapUidValidity: number | null;
  imapLastUid: number;
  readAt: Date | null;
  readError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface MailboxRow extends ScheduleRow {
  id: string;
  account_id: string;
  from_address: string;
  from_name: string | null;
  smtp_host: string;
  smtp_port: number;
  smtp_security: Security;
  smtp_user: string;
  smtp_password_sealed: string;
  imap_host: string | null;
  imap_port: number | null;
  imap_security: Security | null;
  imap_user: string | null;
  imap_password_sealed: string | null;
  daily_limit: number;
  imap_uid_validity: number | null;
  imap_last_uid: number;
  imap_read_at: Date | null;
  imap_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, account_id, from_address, from_name, smtp_host, smtp_port, smtp_security, smtp_user, smtp_password_sealed,
  imap_host, imap_port, imap_security, imap_user, imap_password_sealed, ${SCHEDULE_COLUMNS}, daily_limit,
  imap_uid_validity, imap_last_uid, imap_read_at, imap_error, created_at, updated_at`;

function fromRow(row: MailboxRow): Mailbox {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    fromAddress: row.from_address,
    fromName: row.from_name,
    smtp: { host: row.smtp_host, port: row.smtp_port, security: row.smtp_security, user: row.smtp_user, passwordSealed: row.smtp_password_sealed },
    imap: row.imap_host === null ? null : { host: row.imap_host, port: row.imap_port!, security: row.imap_security!, user: row.imap_user!, passwordSealed: row.imap_password_sealed! },
    schedule: scheduleFromRow(row, row.daily_limit),
    imapUidValidity: row.imap_uid_validity,
    imapLastUid: row.imap_last_uid,
    readAt: row.imap_read_at,
    readError: row.imap_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const serverView = (server: ServerSettings) => ({ host: server.host, port: server.port, security: server.security, user: server.user, password_set: true });

/** What the API answers: no password, sealed or not. */
export function mailboxView(mailbox: Mailbox): MailboxView {
  const { schedule } = mailbox;
  return {
    id: mailbox.id,
    from_address: mailbox.fromAddress,
    from_name: mailbox.fromName,
    smtp: serverView(mailbox.smtp),
    imap: mailbox.imap === null ? null : serverView(mailbox.imap),
    time_zone: schedule.timeZone,
    sending_hours: { start: schedule.windowStart, end: schedule.windowEnd },
    sending_days: dayNames(schedule.days),
    daily_limit: schedule.dailyLimit,
    warmup: warmupView(schedule.warmup),
    reading: { last_read_at: mailbox.readAt ? isoWithOffset(mailbox.readAt) : null, error: mailbox.readError },
    created_at: isoWithOffset(mailbox.createdAt),
    updated_at: isoWithOffset(mailbox.updatedAt),
  };
}

export function mailboxNotFound(id: unknown): AppError {
  return new AppError('mailbox_not_found', {}, `mailbox ${shown(id)} not found`);
}

export function invalidMailbox(problems: Problem[]): AppError {
  return new AppError('invalid_mailbox', { problems }, ['The mailbox was not saved:', ...problemLines(problems)].join('\n'));
}

function isHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return validator.isIP(bare) || validator.isFQDN(host, { require_tld: false, allow_underscores: false, allow_trailing_dot: false });
}

/** Checks the schema leaves to words: the address, hosts, the zone, the window, the warm-up (with the daily limit the mailbox will have). */
function checkMeaning(value: Partial<MailboxInput>, problems: Problems, dailyLimit: number): void {
  if (typeof value.from_address === 'string' && !validator.isEmail(value.from_address)) {
    problems.error('/from_address', `"from_address" ${shown(value.from_address)} is not an e-mail address`);
  }
  for (const server of ['smtp', 'imap'] as const) {
    const host = (value[server] as { host?: unknown } | null | undefined)?.host;
    if (typeof host === 'string' && !problems.hasErrorAt(`/${server}/host`) && !isHost(host)) {
      problems.error(`/${server}/host`, `"${server}.host" ${shown(host)} is not a host name or an IP address`);
    }
  }
  checkZoneAndHours({ timeZone: value.time_zone, hours: value.sending_hours }, problems, MAILBOX_SCHEDULE);
  checkWarmup(value.warmup, dailyLimit, problems, MAILBOX_SCHEDULE);
}

/**
 * How a mailbox body is read (`invalid_mailbox` with every problem in words): text trimmed, but passwords
 * taken as typed (spaces at either end may belong to them); no body, or one that is not an object, said in words.
 */
function mailboxBody(example: string, rules?: Refusal['rules']): Refusal {
  return {
    prepare(body, problems) {
      if (body === undefined) {
        problems.error('', 'The request has no body: send the mailbox as JSON');
        return body;
      }
      const prepared = prepare(body, problems);
      if (!isRecord(prepared)) {
        problems.error('', `A mailbox is a set of fields (a JSON object), such as ${example}`);
        return prepared;
      }
      for (const server of ['smtp', 'imap'] as const) {
        const given = isRecord(body) && isRecord(body[server]) ? body[server].password : undefined;
        if (isRecord(prepared[server]) && typeof given === 'string') prepared[server].password = given;
      }
      return prepared;
    },
    rules,
    error: (problems) => invalidMailbox(problems),
  };
}

/** A new mailbox (`POST /mailboxes`, `mailboxes add`): once the schema passes, the checks it leaves to words. */
export const mailboxInputRefusal = mailboxBody('{"from_address": "anna@acme.com", "smtp": {...}, "time_zone": "Europe/Berlin"}', (value, problems) => {
  const input = value as MailboxInput;
  if (!problems.hasErrors) checkMeaning(input, problems, input.daily_limit ?? DEFAULT_SCHEDULE.dailyLimit);
});

/** The fields to change (`PATCH /mailboxes/{id}`); what they mean is checked against the mailbox they change (`updateMailbox`). */
export const mailboxPatchRefusal = mailboxBody('{"daily_limit": 40}');

const checkInput = refusalCheck(mailboxInputSchema, mailboxInputRefusal);

/** A new mailbox from outside the HTTP API (the CLI's options), read as `POST /mailboxes` reads its body. */
export function mailboxInput(given: unknown): MailboxInput {
  const checked = checkInput(given);
  if ('error' in checked) throw checked.error;
  return checked.value as MailboxInput;
}

function seal(secrets: Secrets | undefined, password: string): string {
  if (!secrets) throw secretKeyMissing('mailboxes', 'passwords');
  return secrets.seal(PASSWORD_PURPOSE, password);
}

async function countMailboxes(db: Queryable, accountId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM autopilot_mailboxes WHERE account_id = $1', [accountId]);
  return rows[0]!.count;
}

function duplicate(error: unknown, address: string): never {
  if ((error as { code?: string }).code === '23505') {
    throw invalidMailbox([{ severity: 'error', path: '/from_address', message: `The account already has a mailbox sending from ${shown(address)}` }]);
  }
  throw error;
}

/** What a mailbox's owner sets: everything but the reader's place and how its last read went. */
type Settable = Pick<Mailbox, 'fromAddress' | 'fromName' | 'smtp' | 'imap' | 'schedule'>;

/** The columns that keep what a mailbox's owner sets, by name. */
function columnsOf(mailbox: Settable) {
  const { smtp, imap, schedule } = mailbox;
  return {
    from_address: mailbox.fromAddress,
    from_name: mailbox.fromName,
    smtp_host: smtp.host,
    smtp_port: smtp.port,
    smtp_security: smtp.security,
    smtp_user: smtp.user,
    smtp_password_sealed: smtp.passwordSealed,
    imap_host: imap?.host ?? null,
    imap_port: imap?.port ?? null,
    imap_security: imap?.security ?? null,
    imap_user: imap?.user ?? null,
    imap_password_sealed: imap?.passwordSealed ?? null,
    ...scheduleColumns(schedule),
    daily_limit: schedule.dailyLimit,
  };
}

/** Adds a mailbox to the account; its passwords are sealed before they reach the database. */
export async function createMailbox(pool: Pool, accountId: number, input: MailboxInput, secrets: Secrets | undefined, clock: Clock): Promise<MailboxView> {
  const smtpSealed = seal(secrets, input.smtp.password);
  const imapSealed = input.imap ? seal(secrets, input.imap.password) : null;
  const columns = columnsOf({
    fromAddress: input.from_address,
    fromName: input.from_name ?? null,
    smtp: { host: input.smtp.host, port: input.smtp.port, security: input.smtp.security, user: input.smtp.user, passwordSealed: smtpSealed },
    imap: input.imap ? { host: input.imap.host, port: input.imap.port, security: input.imap.security, user: input.imap.user, passwordSealed: imapSealed! } : null,
    schedule: scheduleOf({ timeZone: input.time_zone, hours: input.sending_hours, days: input.sending_days, dailyLimit: input.daily_limit, warmup: input.warmup }, clock),
  });
  return transaction(pool, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
    if (rowCount === 0) throw accountNotFound(accountId);
    if ((await countMailboxes(client, accountId)) >= MAX_MAILBOXES_PER_ACCOUNT) {
      throw invalidMailbox([{ severity: 'error', path: '', message: `An account has at most ${MAX_MAILBOXES_PER_ACCOUNT} mailboxes; remove one first` }]);
    }
    const { rows } = await client
      .query<MailboxRow>(
        `INSERT INTO autopilot_mailboxes (account_id, ${Object.keys(columns).join(', ')})
         VALUES ($1, ${Object.keys(columns)
           .map((_, index) => `$${index + 2}`)
           .join(', ')}) RETURNING ${COLUMNS}`,
        [accountId, ...Object.values(columns)],
      )
      .catch((error: unknown) => duplicate(error, input.from_address));
    return mailboxView(fromRow(rows[0]!));
  });
}

/** One of the account's mailboxes, sealed passwords included; `mailbox_not_found` otherwise. */
export async function loadMailbox(db: Queryable, accountId: number, id: number): Promise<Mailbox> {
  const { rows } = await db.query<MailboxRow>(`SELECT ${COLUMNS} FROM autopilot_mailboxes WHERE account_id = $1 AND id = $2`, [accountId, id]);
  if (rows.length === 0) throw mailboxNotFound(id);
  return fromRow(rows[0]!);
}

/** A mailbox by its id alone (the reader's jobs), or undefined when it was removed. */
export async function findMailbox(db: Queryable, id: number): Promise<Mailbox | undefined> {
  const { rows } = await db.query<MailboxRow>({ name: 'mailboxes_find', text: `SELECT ${COLUMNS} FROM autopilot_mailboxes WHERE id = $1`, values: [id] });
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The account's mailboxes, oldest first; `page` for those after an id, at most so many (autopilot_mailboxes_by_account). */
export async function accountMailboxes(db: Queryable, accountId: number, page: { after?: number; limit?: number } = {}): Promise<Mailbox[]> {
  const { rows } = await db.query<MailboxRow>({
    name: 'mailboxes_of_account',
    text: `SELECT ${COLUMNS} FROM autopilot_mailboxes WHERE account_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
    values: [accountId, page.after ?? 0, page.limit ?? null],
  });
  return rows.map(fromRow);
}

export async function listMailboxes(db: Queryable, accountId: number): Promise<MailboxView[]> {
  return (await accountMailboxes(db, accountId)).map(mailboxView);
}

/**
 * Changes the fields a patch names. A server's password left out keeps the stored one; `imap: null`
 * stops reading replies. Turning warm-up on starts it today (in the mailbox zone) unless `started_on` says otherwise.
 */
export async function updateMailbox(pool: Pool, accountId: number, id: number, patch: MailboxPatch, secrets: Secrets | undefined, clock: Clock): Promise<MailboxView> {
  const problems = new Problems();
  return transaction(pool, async (client) => {
    const { rows: locked } = await client.query<MailboxRow>(`SELECT ${COLUMNS} FROM autopilot_mailboxes WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, id]);
    if (locked.length === 0) throw mailboxNotFound(id);
    const current = fromRow(locked[0]!);
    const dailyLimit = patch.daily_limit ?? current.schedule.dailyLimit;
    const warmupStart = patch.warmup === undefined ? current.schedule.warmup?.startPerDay : patch.warmup?.start_per_day;
    checkMeaning(patch as Partial<MailboxInput>, problems, dailyLimit);
    if (patch.warmup === undefined && warmupStart !== undefined && warmupStart > dailyLimit) {
      problems.error('/daily_limit', `"daily_limit" (${dailyLimit}) is below the warm-up's first day (${warmupStart}); change the warm-up too`);
    }
    const smtp = mergeServer(current.smtp, patch.smtp, 'smtp', problems, secrets);
    const imap = patch.imap === null ? null : patch.imap === undefined ? current.imap : mergeServer(current.imap, patch.imap, 'imap', problems, secrets);
    if (problems.hasErrors) throw invalidMailbox(problems.list);
    const zone = patch.time_zone ?? current.schedule.timeZone;
    const hours = patch.sending_hours ?? { start: current.schedule.windowStart, end: current.schedule.windowEnd };
    const schedule: SendingSchedule = {
      timeZone: zone,
      windowStart: hours.start,
      windowEnd: hours.end,
      days: patch.sending_days ? weekdays(patch.sending_days) : current.schedule.days,
      dailyLimit,
      warmup:
        patch.warmup === undefined
          ? current.schedule.warmup
          : patch.warmup === null
            ? null
            : {
                startPerDay: patch.warmup.start_per_day,
                increasePerDay: patch.warmup.increase_per_day,
                startedOn: patch.warmup.started_on ?? current.schedule.warmup?.startedOn ?? today(zone, clock),
              },
    };
    const address = patch.from_address ?? current.fromAddress;
    const columns = columnsOf({ fromAddress: address, fromName: patch.from_name === undefined ? current.fromName : patch.from_name, smtp: smtp!, imap, schedule });
    const names = Object.keys(columns);
    // A new IMAP server or user is another mailbox to read: its place in the old one means nothing there.
    const imapMoved = imap?.host !== current.imap?.host || imap?.user !== current.imap?.user;
    const moved = `$${names.length + 3}`;
    const imapGiven = `$${names.length + 4}`;
    const { rows } = await client
      .query<MailboxRow>(
        `UPDATE autopilot_mailboxes SET ${names.map((column, index) => `${column} = $${index + 3}`).join(', ')}, updated_at = now(),
           imap_uid_validity = CASE WHEN ${moved} THEN NULL ELSE imap_uid_validity END,
           imap_last_uid = CASE WHEN ${moved} THEN 0 ELSE imap_last_uid END,
           imap_error = CASE WHEN ${moved} OR ${imapGiven} THEN NULL ELSE imap_error END
         WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [accountId, id, ...Object.values(columns), imapMoved, patch.imap !== undefined],
      )
      .catch((error: unknown) => duplicate(error, address));
    return mailboxView(fromRow(rows[0]!));
  });
}

function mergeServer(
  current: ServerSettings | null,
  patch: Partial<{ host: string; port: number; security: Security; user: string; password: string }> | undefined,
  name: 'smtp' | 'imap',
  problems: Problems,
  secrets: Secrets | undefined,
): ServerSettings | null {
  if (patch === undefined) return current;
  const merged = {
    host: patch.host ?? current?.host,
    port: patch.port ?? current?.port,
    security: patch.security ?? current?.security,
    user: patch.user ?? current?.user,
    passwordSealed: patch.password === undefined ? current?.passwordSealed : seal(secrets, patch.password),
  };
  const missing = (['host', 'port', 'security', 'user', 'passwordSealed'] as const).filter((field) => merged[field] === undefined);
  if (missing.length > 0) {
    const words = missing.map((field) => (field === 'passwordSealed' ? 'password' : field));
    problems.error(`/${name}`, `"${name}" is new for this mailbox, so it needs host, port, security, user and password; ${words.join(', ')} ${words.length > 1 ? 'are' : 'is'} missing`);
    return null;
  }
  return merged as ServerSettings;
}

/** Removes a mailbox. Touches it sent keep its id; the sequence runtime picks another sender for what is still to go. */
export async function deleteMailbox(db: Queryable, accountId: number, id: number): Promise<MailboxView> {
  const mailbox = await loadMailbox(db, accountId, id);
  await db.query('DELETE FROM autopilot_mailboxes WHERE account_id = $1 AND id = $2', [accountId, id]);
  return mailboxView(mailbox);
}

/** Records how the last read went: the time and no error, or the error in words. */
export async function recordRead(db: Queryable, id: number, at: Date, error: string | null): Promise<void> {
  await db.query('UPDATE autopilot_mailboxes SET imap_read_at = CASE WHEN $3::text IS NULL THEN $2 ELSE imap_read_at END, imap_error = $3 WHERE id = $1', [id, at, error]);
}
