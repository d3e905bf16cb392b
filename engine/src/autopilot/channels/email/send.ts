import type { Clock } from '../../../platform/time.ts';
import type { OutgoingTouch, SendOutcome } from '../../sequence/ports.ts';
import { composeTouch } from './compose.ts';
import { type MailAccess, MailboxLocked } from './connections.ts';
import { MailHostRefused } from './mailHosts.ts';
import type { Mailbox } from './mailboxes.ts';
import type { SmtpTransports } from './smtpTransports.ts';

/** How long a touch waits before the next attempt, by what went wrong. */
export const RETRY_AFTER_MS = {
  /** A 4xx answer: the server asks us to come back (greylisting, a rate limit, a full mailbox). */
  temporary: 15 * 60_000,
  /** No connection, a timeout, a dropped socket. */
  network: 5 * 60_000,
  /** The mailbox itself is broken (its login refused, its host refused, no SECRET_KEY, the message refused): someone has to fix it. */
  mailbox: 60 * 60_000,
} as const;

/** What nodemailer puts on the errors it throws. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  rejected?: string[];
  rejectedErrors?: SmtpError[];
  message?: string;
}

/** The server's own words, on one line, cut short: they go into the touch's held reason and the log. */
function serverWords(error: SmtpError): string {
  return (error.response ?? error.message ?? 'no answer').replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * What a failed send means for the touch:
 * - a permanent (5xx) refusal of the recipient at RCPT TO (550 user unknown, 551, 553, 5.1.x) is a hard
 *   bounce at send time: skipped with `address_bounced` (the lead's other e-mail steps are for the
 *   runtime and the bounce signal to end);
 * - the login refused (535, EAUTH) defers it for an hour: the mailbox is broken, and the reason says so;
 * - any other 5xx (the sender or the message refused at MAIL FROM or DATA: a policy, a reputation
 *   block) is not the lead's address failing, so it too defers for an hour with the server's words;
 * - 4xx answers, refused connections, DNS failures and timeouts defer it: never lost.
 */
export function sendFailure(error: unknown, now: Date): SendOutcome {
  const smtp = (error ?? {}) as SmtpError;
  const later = (ms: number, why: string): SendOutcome => ({ kind: 'deferred', until: new Date(now.getTime() + ms), why });
  if (error instanceof MailboxLocked || error instanceof MailHostRefused) return later(RETRY_AFTER_MS.mailbox, `mailbox cannot send: ${error.message}`);
  if (smtp.code === 'EAUTH') return later(RETRY_AFTER_MS.mailbox, `mailbox broken: the SMTP server refused its login (${serverWords(smtp)}); check its user and password with \`prospect-engine mailboxes test\``);
  const rcpt = smtp.rejectedErrors?.[0] ?? (smtp.command === 'RCPT TO' ? smtp : undefined);
  const code = rcpt?.responseCode ?? smtp.responseCode;
  if (rcpt && code !== undefined && code >= 500 && code < 600) {
    return { kind: 'skipped', reason: 'address_bounced', detail: `the recipient's server refused the address: ${serverWords(rcpt)}` };
  }
  if (code !== undefined && code >= 500 && code < 600) return later(RETRY_AFTER_MS.mailbox, `the SMTP server refused the message: ${serverWords(smtp)}`);
  if (code !== undefined && code >= 400 && code < 500) return later(RETRY_AFTER_MS.temporary, `the SMTP server asked to try later: ${serverWords(smtp)}`);
  return later(RETRY_AFTER_MS.network, `could not reach the SMTP server: ${serverWords(smtp)}`);
}

/**
 * Sends one touch from the mailbox over SMTP (its pooled connections); every failure becomes an outcome,
 * never an exception. A send that has started is not cut short by `signal`: stopping it half way could
 * leave an e-mail delivered and its touch still to send, which would then go out twice. The signal is
 * checked before it starts; the socket timeouts bound how long it can take.
 */
export async function sendOverSmtp(
  touch: OutgoingTouch,
  mailbox: Mailbox,
  access: MailAccess,
  clock: Clock,
  signal: AbortSignal,
  transports: SmtpTransports,
): Promise<SendOutcome> {
  if (!touch.contact.email) return { kind: 'skipped', reason: 'no_email_address', detail: 'the contact has no e-mail address' };
  // The runtime sends no e-mail step before the account is e-mail ready; this is the channel's own guard,
  // so a commercial e-mail never goes out without who sent it and from where.
  const { identity } = touch;
  if (!identity?.name?.trim() || !identity.company?.trim() || !identity.postal_address?.trim()) {
    return {
      kind: 'deferred',
      until: new Date(clock.now().getTime() + RETRY_AFTER_MS.mailbox),
      why: 'the account has no complete sender identity (name, company, postal address), which every e-mail carries: set it with PATCH /autopilot/settings or prospect-engine settings set',
    };
  }
  signal.throwIfAborted();
  const { mail, messageId } = composeTouch(touch, mailbox, touch.language);
  try {
    const info = await transports.send(mailbox, access, mail);
    if (info.rejected.length > 0) {
      const rejected = info.rejectedErrors?.[0] as SmtpError | undefined;
      return sendFailure({ ...rejected, command: 'RCPT TO', responseCode: rejected?.responseCode ?? 550 }, clock.now());
    }
    return { kind: 'sent', messageId, sentAt: clock.now() };
  } catch (error) {
    return sendFailure(error, clock.now());
  }
}
