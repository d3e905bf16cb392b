import { type ParsedMail, simpleParser } from 'mailparser';
import type { Queryable } from '../../../platform/database/database.ts';
import type { Clock } from '../../../platform/time.ts';
import { normaliseEmail } from '../../../platform/emailAddress.ts';
import { autoReplyReason } from '../../mail/autoReply.ts';
import type { LeadSignals } from '../../sequence/ports.ts';
import { deliveryReport } from './dsn.ts';
import { headerFields } from './headers.ts';
import type { Mailbox } from '../../../mailboxes/index.ts';
import { replyText } from './replyText.ts';

/** What the reader made of one message (autopilot_email_inbound.kind). */
export type InboundKind = 'reply' | 'auto_reply' | 'bounce' | 'delivery_report' | 'unmatched';

export interface InboundResult {
  kind: InboundKind | 'seen';
  leadId: number | null;
  messageId: string;
  /** In words, for the log. */
  why: string;
}

export interface InboundDeps {
  db: Queryable;
  signals: LeadSignals;
  clock: Clock;
}

/** Parses a message as the reader needs it: the delivery-status part of a report kept apart from the text. */
export function parseMessage(source: Buffer | string): Promise<ParsedMail> {
  return simpleParser(source, { keepDeliveryStatus: true, skipImageLinks: true, skipTextLinks: true });
}

/** Every `<id>` in In-Reply-To and References (some clients put several in either). */
export function threadIds(parsed: Pick<ParsedMail, 'inReplyTo' | 'references'>): string[] {
  const text = [parsed.inReplyTo ?? '', ...[parsed.references ?? []].flat()].join(' ');
  return [...new Set(text.match(/<[^<>\s]+>/g) ?? [])].slice(0, 100);
}

/** The lead one of whose touches carries one of these Message-IDs (the latest sent), in the account. */
async function leadByThread(db: Queryable, accountId: number, ids: string[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const { rows } = await db.query<{ lead_id: string }>(`SELECT lead_id FROM autopilot_touches WHERE account_id = $1 AND message_id = ANY($2::text[]) ORDER BY sent_at DESC NULLS LAST LIMIT 1`, [
    accountId,
    ids,
  ]);
  return rows[0] ? Number(rows[0].lead_id) : null;
}

/** The account's Active lead whose contact has this address (the newest when several). */
async function leadByAddress(db: Queryable, accountId: number, address: string | undefined): Promise<number | null> {
  const email = address ? normaliseEmail(address) : undefined;
  if (!email) return null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT l.id FROM autopilot_leads l JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     WHERE l.account_id = $1 AND l.outcome = 'Active' AND c.email = $2 ORDER BY l.id DESC LIMIT 1`,
    [accountId, email],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** When it happened: the message's Date when it is a real time not in the future, else now. */
function occurredAt(parsed: ParsedMail, now: Date): Date {
  const date = parsed.date;
  return date instanceof Date && !Number.isNaN(date.getTime()) && date.getTime() <= now.getTime() ? date : now;
}

/**
 * Reads one message that arrived in a mailbox and tells the runtime what it means, once per mailbox
 * and Message-ID (`fallbackKey`, the folder's UIDVALIDITY and the UID, names a message without one):
 * - a delivery report (RFC 3464) whose recipients all failed with a 5.x.x status is a hard bounce of
 *   the lead whose touch it reports on (its Message-ID), else of the Active lead at the failed address:
 *   `LeadSignals.bounced`; a report of a delay or a relay is ignored;
 * - an auto-reply (its headers, else its subject: see mail/autoReply.ts) is matched to its lead as a
 *   reply is and recorded on its timeline as one (`LeadSignals.autoReplied`): never a reply;
 * - anything else is a person's reply: matched to the lead by In-Reply-To and References against the
 *   touches' Message-IDs, else by its sender among the account's Active leads: `LeadSignals.replied`
 *   with the text without the quoted history.
 * The signal goes before the record: a crash between them reads the message again, and the signal,
 * idempotent by its dedupeKey (the mailbox id and the Message-ID), changes nothing the second time.
 */
export async function handleInbound(deps: InboundDeps, mailbox: Mailbox, source: Buffer | string, fallbackKey: string): Promise<InboundResult> {
  let parsed: ParsedMail;
  try {
    parsed = await parseMessage(source);
  } catch (error) {
    // A message nothing can read must not stop the reader at it forever: it is recorded and passed.
    const why = `unreadable: ${(error as Error).message}`.slice(0, 300);
    await deps.db.query(`INSERT INTO autopilot_email_inbound (mailbox_id, message_id, kind, received_at) VALUES ($1, $2, 'unmatched', $3) ON CONFLICT DO NOTHING`, [
      mailbox.id,
      fallbackKey,
      deps.clock.now(),
    ]);
    return { kind: 'unmatched', leadId: null, messageId: fallbackKey, why };
  }
  const messageId = (parsed.messageId ?? fallbackKey).slice(0, 1000);
  const { rowCount } = await deps.db.query('SELECT 1 FROM autopilot_email_inbound WHERE mailbox_id = $1 AND message_id = $2', [mailbox.id, messageId]);
  if (rowCount) return { kind: 'seen', leadId: null, messageId, why: 'read before' };
  const result = await classify(deps, mailbox, parsed, messageId);
  const from = parsed.from?.value[0]?.address ?? null;
  await deps.db.query(
    `INSERT INTO autopilot_email_inbound (mailbox_id, message_id, kind, lead_id, from_address, subject, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [mailbox.id, messageId, result.kind, result.leadId, from?.slice(0, 320) ?? null, parsed.subject?.slice(0, 1000) ?? null, deps.clock.now()],
  );
  return result;
}

async function classify(deps: InboundDeps, mailbox: Mailbox, parsed: ParsedMail, messageId: string): Promise<InboundResult & { kind: InboundKind }> {
  const { db, signals, clock } = deps;
  const accountId = mailbox.accountId;
  const dedupeKey = `email:${mailbox.id}:${messageId}`;
  const when = occurredAt(parsed, clock.now());
  // A report whose parts cannot be read is read as an ordinary message (its headers still mark it automatic).
  const report = await deliveryReport(parsed).catch(() => undefined);
  if (report) {
    if (!report.hardBounce) return { kind: 'delivery_report', leadId: null, messageId, why: `a delivery report that is not a hard bounce (status ${report.status ?? 'none'})` };
    const leadId = (await leadByThread(db, accountId, report.originalMessageId ? [report.originalMessageId] : [])) ?? (await leadByAddress(db, accountId, report.recipients[0]));
    if (leadId === null) return { kind: 'unmatched', leadId: null, messageId, why: `a bounce of ${report.recipients.join(', ') || 'an unknown address'} that no lead's touch matches` };
    await signals.bounced({ accountId, leadId, channel: 'email', occurredAt: when, dedupeKey });
    return { kind: 'bounce', leadId, messageId, why: `a hard bounce (status ${report.status}) of ${report.recipients.join(', ')}` };
  }
  const auto = autoReplyReason(headerFields(parsed), parsed.subject);
  const from = parsed.from?.value[0]?.address;
  if (auto) {
    // Matched as a reply is, so that it shows on its lead's timeline (and apart in the inbox), never as a reply.
    const autoLeadId = (await leadByThread(db, accountId, threadIds(parsed))) ?? (await leadByAddress(db, accountId, from));
    if (autoLeadId !== null) await signals.autoReplied?.({ accountId, leadId: autoLeadId, channel: 'email', occurredAt: when, dedupeKey, text: replyText(parsed.text), reason: auto });
    return { kind: 'auto_reply', leadId: autoLeadId, messageId, why: `an auto-reply: ${auto}` };
  }
  if (from && normaliseEmail(from) === normaliseEmail(mailbox.fromAddress)) return { kind: 'unmatched', leadId: null, messageId, why: 'sent by the mailbox itself' };
  const leadId = (await leadByThread(db, accountId, threadIds(parsed))) ?? (await leadByAddress(db, accountId, from));
  if (leadId === null) return { kind: 'unmatched', leadId: null, messageId, why: 'no lead matches its thread or its sender' };
  await signals.replied({ accountId, leadId, channel: 'email', occurredAt: when, dedupeKey, text: replyText(parsed.text) });
  return { kind: 'reply', leadId, messageId, why: 'a reply' };
}
