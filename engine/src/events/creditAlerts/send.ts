import type Mail from 'nodemailer/lib/mailer/index.js';
import { accountMailboxes, type MailAccess, type Mailbox, newMessageId, sendFailure, type SmtpTransports } from '../../mailboxes/index.ts';
import type { Pool, Queryable } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Clock } from '../../platform/time.ts';
import { recipientOf } from './recipients.ts';

export interface CreditAlertDeps {
  pool: Pool;
  clock: Clock;
  log: Logger;
  access: MailAccess;
  transports: SmtpTransports;
}

interface ThresholdEvent {
  account_id: string;
  data: { threshold: number; used: number; limit: number; cycle_start: string };
}

/** Thrown to have graphile-worker try the alert again later (its backoff): the mail server asked for it. */
export class AlertNotSentYet extends Error {
  override name = 'AlertNotSentYet';
}

/** The alert as the recipient reads it: what was used, of what, since when, and how to turn alerts off. */
export function alertMail(event: ThresholdEvent['data'], mailbox: Pick<Mailbox, 'fromAddress' | 'fromName'>, to: string): { mail: Mail.Options; messageId: string } {
  const messageId = newMessageId(mailbox.fromAddress);
  const cycle = event.cycle_start.slice(0, 10);
  const text = [
    `Your Prospect Research account has used ${event.used} of its ${event.limit} monthly credits (${event.threshold}% alert) in the billing cycle that began on ${cycle}.`,
    '',
    'Research through the API and the Autopilot costs one credit each; once none are left, new research is refused until the next cycle begins.',
    '',
    'You receive this e-mail because credit alerts are on for this account. Turn them off with DELETE /credit-alerts or `prospect-engine credit-alerts off --account <id>`.',
  ].join('\n');
  return {
    messageId,
    mail: {
      from: mailbox.fromName ? { name: mailbox.fromName, address: mailbox.fromAddress } : mailbox.fromAddress,
      to,
      subject: `Prospect Research: ${event.threshold}% of this month's credits used`,
      text,
      messageId,
      // RFC 3834: a notice no one should answer automatically (and no autoresponder should answer it).
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
  };
}

async function record(
  db: Queryable,
  seq: number,
  accountId: number,
  outcome: { state: 'sent' | 'not_sent'; recipient: string | null; mailboxId?: number; messageId?: string; detail?: string },
  at: Date,
) {
  await db.query(
    `INSERT INTO credit_alert_mails (event_seq, account_id, state, recipient, mailbox_id, message_id, detail, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (event_seq) DO NOTHING`,
    [seq, accountId, outcome.state, outcome.recipient, outcome.mailboxId ?? null, outcome.messageId ?? null, outcome.detail ?? null, at],
  );
}

/**
 * Sends the alert of one credits.threshold event, once: to the account's recipient (read now: alerts
 * turned off meanwhile are not sent), from its first mailbox. What became of it is recorded; a mail
 * server asking to try later throws AlertNotSentYet (the job's backoff tries again), and `lastAttempt`
 * records that failure instead. A crash between the server's acceptance and the record can send it twice.
 */
export async function sendCreditAlert(deps: CreditAlertDeps, eventSeq: number, lastAttempt: boolean): Promise<void> {
  const { pool, clock, log } = deps;
  const { rows } = await pool.query<ThresholdEvent>(
    `SELECT e.account_id, e.data FROM events e
     WHERE e.seq = $1 AND e.type = 'credits.threshold' AND NOT EXISTS (SELECT 1 FROM credit_alert_mails m WHERE m.event_seq = e.seq)`,
    [eventSeq],
  );
  const event = rows[0];
  if (!event) return;
  const accountId = Number(event.account_id);
  const recipient = await recipientOf(pool, accountId);
  if (recipient === null) {
    await record(pool, eventSeq, accountId, { state: 'not_sent', recipient: null, detail: 'credit alerts were turned off before it was sent' }, clock.now());
    return;
  }
  const mailbox = (await accountMailboxes(pool, accountId))[0];
  if (!mailbox) {
    log.info({ accountId, eventSeq }, 'credit alert not sent: the account has no mailbox');
    await record(pool, eventSeq, accountId, { state: 'not_sent', recipient, detail: 'the account has no mailbox to send it from (POST /mailboxes)' }, clock.now());
    return;
  }
  const { mail, messageId } = alertMail(event.data, mailbox, recipient);
  let failure: string;
  try {
    const info = await deps.transports.send(mailbox, deps.access, mail);
    if (info.rejected.length === 0) {
      await record(pool, eventSeq, accountId, { state: 'sent', recipient, mailboxId: mailbox.id, messageId }, clock.now());
      log.info({ accountId, eventSeq, mailboxId: mailbox.id, threshold: event.data.threshold }, 'credit alert sent');
      return;
    }
    failure = `the mail server refused ${recipient}`;
  } catch (error) {
    const outcome = sendFailure(error, clock.now());
    if (outcome.kind === 'deferred' && !lastAttempt) throw new AlertNotSentYet(outcome.why);
    failure = outcome.kind === 'deferred' ? outcome.why : outcome.kind === 'skipped' ? (outcome.detail ?? outcome.reason) : String(error);
  }
  log.warn({ accountId, eventSeq, mailboxId: mailbox.id, failure }, 'credit alert not sent');
  await record(pool, eventSeq, accountId, { state: 'not_sent', recipient, mailboxId: mailbox.id, detail: failure }, clock.now());
}
