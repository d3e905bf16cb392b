/**
 * Text patterns every contract uses, in a file that imports nothing, so TypeBox-only contracts (the
 * published `autopilot-contract` sub-entry, the mailboxes' and senders') can share them with the
 * validation that words their failures (schemaCheck.ts).
 */

/** Text on one line: no control characters (tabs, line breaks, NUL, escape sequences). A schema's `pattern` with it fails as "must be one line of text". */
export const ONE_LINE = '^\\P{Cc}*$';
/** Text that may span lines: line breaks and tabs, but no other control character. */
export const MULTI_LINE = '^(?:[\\n\\t]|\\P{Cc})*$';
