import type Mail from 'nodemailer/lib/mailer/index.js';
import { accountMailboxes, type MailAccess, type Mailbox, newMessageId, sendFailure, SmtpTransports } from '../mailboxes/index.ts';
import type { Queryable } from '../platform/database/database.ts';
import type { Role } from '../platform/http/roles.ts';

/** An invitation as its e-mail tells it. */
export interface InvitationLetter {
  to: string;
  accountName: string;
  role: Role;
  link: string;
  expiresAt: Date;
}

/** What became of the e-mail: sent from a mailbox, not sent for want of one, or refused on the way (in words). */
export type InvitationMailOutcome = { state: 'sent'; from: string } | { state: 'no_mailbox' } | { state: 'failed'; from: string; why: string };

const ARTICLE: Record<Role, string> = { member: 'a member', admin: 'an admin', owner: 'an owner' };

/** `2026-12-05 09:30 UTC`: a time anyone reads, wherever they are. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The invitation as the invited person reads it: who invites them to which account, the link, and until when it works. */
export function invitationMail(letter: InvitationLetter, mailbox: Pick<Mailbox, 'fromAddress' | 'fromName'>): Mail.Options {
  const inviter = mailbox.fromName ? `${mailbox.fromName} (${mailbox.fromAddress})` : mailbox.fromAddress;
  const text = [
    `${inviter} invited you to ${letter.accountName} on Prospect Research, as ${ARTICLE[letter.role]}.`,
    '',
    `Open this link to set your password and sign in (it works once, until ${utc(letter.expiresAt)}):`,
    letter.link,
    '',
    'If you did not expect this invitation, ignore this e-mail.',
  ].join('\n');
  return {
    from: mailbox.fromName ? { name: mailbox.fromName, address: mailbox.fromAddress } : mailbox.fromAddress,
    to: letter.to,
    subject: `Join ${letter.accountName} on Prospect Research`,
    text,
    messageId: newMessageId(mailbox.fromAddress),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * E-mails the invitation from the account's first mailbox (as credit alerts are), once: a failure is
 * told, not retried, since the link is shown to whoever invited and stands either way.
 */
export async function mailInvitation(db: Queryable, access: MailAccess, accountId: number, letter: InvitationLetter): Promise<InvitationMailOutcome> {
  const mailbox = (await accountMailboxes(db, accountId))[0];
  if (!mailbox) return { state: 'no_mailbox' };
  const transports = new SmtpTransports();
  try {
    const info = await transports.send(mailbox, access, invitationMail(letter, mailbox));
    if (info.rejected.length > 0) return { state: 'failed', from: mailbox.fromAddress, why: `the mail server refused ${letter.to}` };
    return { state: 'sent', from: mailbox.fromAddress };
  } catch (error) {
    const failure = sendFailure(error, new Date());
    return { state: 'failed', from: mailbox.fromAddress, why: failure.kind === 'skipped' ? failure.detail : failure.why };
  } finally {
    transports.close();
  }
}
