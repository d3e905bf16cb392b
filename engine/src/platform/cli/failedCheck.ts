/**
 * A command that ran and printed its result, and what it checked failed (`mailboxes test` when a step
 * fails): the CLI exits 1 with this message on standard error, and adds nothing to standard output, whose
 * JSON is the result.
 */
export class FailedCheck extends Error {
  override name = 'FailedCheck';
}
