import type { Static, TSchema } from 'typebox';

/**
 * `schema` with an example of what it describes (the document shows it as the request's or the
 * answer's example; a test checks it against the schema), and optionally the words that say what it is.
 */
export function example<T extends TSchema>(schema: T, value: Static<T>, description?: string): T {
  return { ...schema, examples: [value], ...(description === undefined ? {} : { description }) };
}
