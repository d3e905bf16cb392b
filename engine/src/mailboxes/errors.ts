/** The error codes of mailboxes (docs/autopilot.md, "E-mail channel"), with their HTTP statuses. */
export const MAILBOX_ERRORS = {
  invalid_mailbox: 400,
  mailbox_not_found: 404,
} as const;

type MailboxErrors = typeof MAILBOX_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends MailboxErrors {}
  }
}
