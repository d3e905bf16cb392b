import type { ImapFlow } from 'imapflow';
import type { Logger } from '../../../platform/logger.ts';
import { imapClient, type MailAccess, type Mailbox, recordRead } from '../../../mailboxes/index.ts';
import { handleInbound, type InboundDeps, type InboundResult } from './inbound.ts';

/** The most of one message read: a reply's text and headers come first; attachments past this are not needed. */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface ReadOptions extends InboundDeps {
  access: MailAccess;
  log: Logger;
  /** After reading what is new, wait in IDLE this long for more, handling each arrival at once; 0 reads and leaves. */
  idleMs: number;
  signal: AbortSignal;
}

interface Cursor {
  uidValidity: number | null;
  lastUid: number;
}

/**
 * Reads the messages that arrived in the mailbox's INBOX since it last looked. The folder is opened
 * read-only (EXAMINE), so the person's own mail client still sees every message as unread. The place
 * it got to (UIDVALIDITY and the last UID read) is stored after each message, so nothing is read twice
 * and nothing is missed after downtime. When UIDVALIDITY is new (the first read, or the server renumbered
 * the folder), it reads the messages since the mailbox was added, or since its last read; a message
 * read before is recognised by its Message-ID and not acted on again.
 */
async function readNew(client: ImapFlow, mailbox: Mailbox, cursor: Cursor, options: ReadOptions): Promise<InboundResult[]> {
  const opened = client.mailbox;
  if (!opened) throw new Error('INBOX is not open');
  const validity = Number(opened.uidValidity);
  let uids: number[];
  if (cursor.uidValidity !== validity) {
    const since = mailbox.readAt ?? mailbox.createdAt;
    // SEARCH SINCE compares dates only, in the server's zone: a day earlier misses nothing.
    uids = (await client.search({ since: new Date(since.getTime() - 24 * 3600_000) }, { uid: true })) || [];
    cursor.uidValidity = validity;
    cursor.lastUid = 0;
  } else {
    const last = cursor.lastUid;
    // `n:*` always answers the newest message, even when its UID is below n: keep only those above.
    uids = ((await client.search({ uid: `${last + 1}:*` }, { uid: true })) || []).filter((uid) => uid > last);
  }
  const results: InboundResult[] = [];
  for (const uid of uids.sort((a, b) => a - b)) {
    if (options.signal.aborted) break;
    const message = await client.fetchOne(String(uid), { uid: true, source: { maxLength: MAX_MESSAGE_BYTES } }, { uid: true });
    if (message && message.source) {
      const result = await handleInbound(options, mailbox, message.source, `uid:${validity}:${uid}`);
      results.push(result);
      if (result.kind !== 'seen') options.log.info({ mailboxId: mailbox.id, kind: result.kind, leadId: result.leadId }, `mailbox read: ${result.why}`);
    }
    cursor.lastUid = Math.max(uid, cursor.lastUid);
    await options.db.query('UPDATE autopilot_mailboxes SET imap_uid_validity = $2, imap_last_uid = GREATEST(CASE WHEN imap_uid_validity = $2 THEN imap_last_uid ELSE 0 END, $3) WHERE id = $1', [
      mailbox.id,
      validity,
      cursor.lastUid,
    ]);
  }
  if (uids.length === 0) await options.db.query('UPDATE autopilot_mailboxes SET imap_uid_validity = $2 WHERE id = $1 AND imap_uid_validity IS DISTINCT FROM $2', [mailbox.id, validity]);
  return results;
}

/** The error in words for the mailbox's `reading.error`: never the password (imapflow does not put it in its errors). */
function readError(error: unknown): string {
  const imap = error as { authenticationFailed?: boolean; responseText?: string; message?: string; code?: string };
  if (imap.authenticationFailed) return `the IMAP server refused the login${imap.responseText ? ` (${imap.responseText})` : ''}; check the IMAP user and password`;
  return `could not read the INBOX: ${(imap.responseText ?? imap.message ?? String(error)).slice(0, 300)}`;
}

/**
 * One look at the mailbox: connect, read what is new, then (idleMs > 0) stay in IDLE until the time is
 * up or the job is stopped, reading each new message as the server announces it. Its outcome is stored
 * on the mailbox (`reading`). Returns what was read.
 */
export async function readMailbox(mailbox: Mailbox, options: ReadOptions): Promise<InboundResult[]> {
  const results: InboundResult[] = [];
  let client: ImapFlow | undefined;
  try {
    client = await imapClient(mailbox, options.access);
    if (!client) return results;
    // The error event would otherwise be thrown at the process: it is the same failure `connect` or a command reports.
    client.on('error', (error: unknown) => options.log.debug({ err: error, mailboxId: mailbox.id }, 'IMAP connection error'));
    await client.connect();
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const cursor: Cursor = { uidValidity: mailbox.imapUidValidity, lastUid: mailbox.imapLastUid };
      results.push(...(await readNew(client, mailbox, cursor, options)));
      const deadline = Date.now() + options.idleMs;
      while (options.idleMs > 0 && !options.signal.aborted && Date.now() < deadline && client.usable) {
        options.log.debug({ mailboxId: mailbox.id }, 'mailbox waiting in IDLE');
        const arrived = await idleUntilNews(client, deadline - Date.now(), options.signal);
        if (arrived) results.push(...(await readNew(client, mailbox, cursor, options)));
      }
    } finally {
      lock.release();
    }
    await recordRead(options.db, mailbox.id, options.clock.now(), null);
    await client.logout().catch(() => undefined);
    return results;
  } catch (error) {
    if (options.signal.aborted) throw error;
    const words = readError(error);
    options.log.warn({ mailboxId: mailbox.id, why: words }, 'mailbox could not be read');
    await recordRead(options.db, mailbox.id, options.clock.now(), words);
    return results;
  } finally {
    client?.close();
  }
}

/**
 * IDLE (RFC 2177) until the server announces a new message (`exists`), the time is up, or the job is
 * stopped; true when something arrived. Servers without IDLE are polled by imapflow instead.
 */
async function idleUntilNews(client: ImapFlow, ms: number, signal: AbortSignal): Promise<boolean> {
  let arrived = false;
  let wake: () => void = () => undefined;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const onExists = () => {
    arrived = true;
    wake();
  };
  const timer = setTimeout(wake, Math.max(0, ms));
  signal.addEventListener('abort', wake, { once: true });
  client.on('exists', onExists);
  // A dropped connection ends the wait: the next minute's read connects again.
  client.once('close', wake);
  const idling = client.idle().catch(() => undefined);
  try {
    await woken;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', wake);
    client.off('exists', onExists);
    client.off('close', wake);
  }
  // Any command breaks IDLE; NOOP is the cheapest, and it also collects announcements still in flight.
  if (client.usable) await client.noop().catch(() => undefined);
  await idling;
  return arrived;
}
