/**
 * Text patterns every contract uses, in a file that imports nothing, so TypeBox-only contracts (the
 * published `autopilot-contract` sub-entry, the mailboxes' and senders') can share them with the
 * validation that words their failures (schemaCheck.ts).
 */

/** Text on one line: no control characters (tabs, line breaks, NUL, escape sequences). A schema's `pattern` with it fails as "must be one line of text". */
export const ONE_LINE = '^\\P{Cc}*$';
/** Text that may span lines: line breaks and tabs, but no other control character. */
export const MULTI_LINE = '^(?:[\\n\\t]|\\P{Cc})*$';
/**
 * An instant as ISO 8601 with its offset (`2026-11-27T09:00:00Z`, `2026-11-27T10:00:00+01:00`): a
 * schema's `pattern` with it fails in words that show the form (CRM admins send dates many ways).
 */
export const INSTANT = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:[Zz]|[+-]\\d{2}:\\d{2})$';
