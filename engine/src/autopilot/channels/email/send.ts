import { type MailAccess, type Mailbox, RETRY_AFTER_MS, sendFailure, type SmtpError, type SmtpTransports } from '../../../mailboxes/index.ts';
import type { Clock } from '../../../platform/time.ts';
import type { OutgoingTouch, SendOutcome } from '../../sequence/ports.ts';
import { composeTouch } from './compose.ts';

/**
 * Sends one touch from the mailbox over SMTP (its pooled connections); every failure becomes an outcome,
 * never an exception. A send that has started is not cut short by `signal`: stopping it half way could
 * leave an e-mail delivered and its touch still to send, which would then go out twice. The signal is
 * checked before it starts; the socket timeouts bound how long it can take.
 */
export async function sendOverSmtp(touch: OutgoingTouch, mailbox: Mailbox, access: MailAccess, clock: Clock, signal: AbortSignal, transports: SmtpTransports): Promise<SendOutcome> {
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
