import { MailboxLocked } from './connections.ts';
import { MailHostRefused } from './mailHosts.ts';

/** How long a send from a mailbox (a touch, a credit alert) waits before the next attempt, by what went wrong. */
export const RETRY_AFTER_MS = {
  /** A 4xx answer: the server asks us to come back (greylisting, a rate limit, a full mailbox). */
  temporary: 15 * 60_000,
  /** No connection, a timeout, a dropped socket. */
  network: 5 * 60_000,
  /** The mailbox itself is broken (its login refused, its host refused, no SECRET_KEY, the message refused): someone has to fix it. */
  mailbox: 60 * 60_000,
} as const;

/** What nodemailer puts on the errors it throws. */
export interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  rejected?: string[];
  rejectedErrors?: SmtpError[];
  message?: string;
}

/** What a failed send means: the recipient's address refused for good (the spec's `address_bounced`), or a later attempt. */
export type SendFailure = { kind: 'skipped'; reason: 'address_bounced'; detail: string } | { kind: 'deferred'; until: Date; why: string };

/** The server's own words, on one line, cut short: they go into the touch's held reason and the log. */
function serverWords(error: SmtpError): string {
  return (error.response ?? error.message ?? 'no answer').replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * What a failed send means for the touch (or the credit alert) it carried:
 * - a permanent (5xx) refusal of the recipient at RCPT TO (550 user unknown, 551, 553, 5.1.x) is a hard
 *   bounce at send time: skipped with `address_bounced` (the lead's other e-mail steps are for the
 *   runtime and the bounce signal to end);
 * - the login refused (535, EAUTH) defers it for an hour: the mailbox is broken, and the reason says so;
 * - any other 5xx (the sender or the message refused at MAIL FROM or DATA: a policy, a reputation
 *   block) is not the lead's address failing, so it too defers for an hour with the server's words;
 * - 4xx answers, refused connections, DNS failures and timeouts defer it: never lost.
 */
export function sendFailure(error: unknown, now: Date): SendFailure {
  const smtp = (error ?? {}) as SmtpError;
  const later = (ms: number, why: string): SendFailure => ({ kind: 'deferred', until: new Date(now.getTime() + ms), why });
  if (error instanceof MailboxLocked || error instanceof MailHostRefused) return later(RETRY_AFTER_MS.mailbox, `mailbox cannot send: ${error.message}`);
  if (smtp.code === 'EAUTH')
    return later(RETRY_AFTER_MS.mailbox, `mailbox broken: the SMTP server refused its login (${serverWords(smtp)}); check its user and password with \`prospect-engine mailboxes test\``);
  const rcpt = smtp.rejectedErrors?.[0] ?? (smtp.command === 'RCPT TO' ? smtp : undefined);
  const code = rcpt?.responseCode ?? smtp.responseCode;
  if (rcpt && code !== undefined && code >= 500 && code < 600) {
    return { kind: 'skipped', reason: 'address_bounced', detail: `the recipient's server refused the address: ${serverWords(rcpt)}` };
  }
  if (code !== undefined && code >= 500 && code < 600) return later(RETRY_AFTER_MS.mailbox, `the SMTP server refused the message: ${serverWords(smtp)}`);
  if (code !== undefined && code >= 400 && code < 500) return later(RETRY_AFTER_MS.temporary, `the SMTP server asked to try later: ${serverWords(smtp)}`);
  return later(RETRY_AFTER_MS.network, `could not reach the SMTP server: ${serverWords(smtp)}`);
}
