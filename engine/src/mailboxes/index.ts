/**
 * The mailboxes' public face: the store, SMTP/IMAP connections and pooled transports, send failures, and
 * the routes and commands the Autopilot's e-mail channel plugs in. Its contract is the other face
 * (contract.ts).
 */

export { mailboxCommands } from './commands.ts';
export { imapClient, type MailAccess, mailAccess } from './connections.ts';
export { MAILBOX_ERRORS } from './errors.ts';
export type { MailHostPolicy } from './mailHosts.ts';
export { accountMailboxes, findMailbox, type Mailbox, recordRead } from './mailboxes.ts';
export { newMessageId } from './messageId.ts';
export { type MailboxUse, mailboxRoutes } from './routes.ts';
export { RETRY_AFTER_MS, sendFailure, type SmtpError } from './sendFailure.ts';
export { mailboxSettings, type MailboxSettings } from './settings.ts';
export { SmtpTransports } from './smtpTransports.ts';
