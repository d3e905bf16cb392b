import { accountMailboxes } from '../../mailboxes/index.ts';
import type { Queryable } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { parseEmail } from '../../research/index.ts';

/** The thresholds the spec names: alerts at 75% and at 95% of the monthly credits (the credits.threshold event's). */
export const CREDIT_ALERT_THRESHOLDS = [75, 95] as const;

/** How many of the latest alerts `GET /credit-alerts` shows. */
const RECENT = 10;

/** An account's credit alerts as `GET /credit-alerts` answers them. */
export interface CreditAlertsView {
  enabled: boolean;
  /** Who receives them; null while they are off. */
  email: string | null;
  thresholds: readonly number[];
  /** The mailbox they are sent from (the account's first); null when the account has none, and then none is sent. */
  from: string | null;
  /** The latest alerts, newest first: sent, or not sent and why (kept as long as their events, EVENTS_RETENTION_DAYS). */
  recent: { threshold: number; cycle_start: string; state: 'sent' | 'not_sent'; recipient: string | null; detail: string | null; at: string }[];
}

/** The recipient of `PUT /credit-alerts` (`{"email": "..."}`), normalised; `invalid_credit_alerts` otherwise. */
export function parseRecipient(body: unknown): string {
  const raw = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).email : undefined;
  const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => key !== 'email') : [];
  if (extra.length > 0) throw invalid(`unknown field ${extra.map((key) => JSON.stringify(key)).join(', ')}: the body is {"email": "<address>"}`);
  const email = parseEmail(raw);
  if (email === undefined) throw invalid('email must be an e-mail address, such as {"email": "ops@acme.com"}');
  return email;
}

function invalid(message: string): AppError {
  return new AppError('invalid_credit_alerts', { message }, message);
}

/** Turns the alerts on (or changes who receives them). */
export async function setRecipient(db: Queryable, accountId: number, email: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO credit_alert_recipients (account_id, email, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
    [accountId, email, now],
  );
}

/** Turns the alerts off; alerts already queued are then not sent. */
export async function clearRecipient(db: Queryable, accountId: number): Promise<void> {
  await db.query('DELETE FROM credit_alert_recipients WHERE account_id = $1', [accountId]);
}

export async function recipientOf(db: Queryable, accountId: number): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM credit_alert_recipients WHERE account_id = $1', [accountId]);
  return rows[0]?.email ?? null;
}

export async function creditAlertsView(db: Queryable, accountId: number): Promise<CreditAlertsView> {
  const [email, mailboxes, recent] = await Promise.all([
    recipientOf(db, accountId),
    accountMailboxes(db, accountId),
    db.query<{ threshold: number; cycle_start: string; state: 'sent' | 'not_sent'; recipient: string | null; detail: string | null; at: Date }>(
      `SELECT (e.data ->> 'threshold')::int AS threshold, e.data ->> 'cycle_start' AS cycle_start, m.state, m.recipient, m.detail, m.at
       FROM credit_alert_mails m JOIN events e ON e.seq = m.event_seq
       WHERE m.account_id = $1 ORDER BY m.event_seq DESC LIMIT ${RECENT}`,
      [accountId],
    ),
  ]);
  return {
    enabled: email !== null,
    email,
    thresholds: CREDIT_ALERT_THRESHOLDS,
    from: mailboxes[0]?.fromAddress ?? null,
    recent: recent.rows.map((row) => ({ ...row, at: isoWithOffset(row.at) })),
  };
}
