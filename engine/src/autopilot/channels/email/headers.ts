import type { ParsedMail } from 'mailparser';

/**
 * A message's header fields as they were written, by lower-case name, unfolded (RFC 5322 2.2.3), each
 * occurrence kept in order. mailparser's own `headers` map turns some fields into address objects;
 * the checks here need the text (an empty `Return-Path: <>`, an `Auto-Submitted` parameter).
 */
export type HeaderFields = ReadonlyMap<string, readonly string[]>;

export function headerFields(parsed: Pick<ParsedMail, 'headerLines'>): HeaderFields {
  const fields = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines ?? []) {
    const colon = line.indexOf(':');
    const value = (colon < 0 ? '' : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, ' ').trim();
    const name = key.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return fields;
}

/** The first value of a field, or undefined when the message has none. */
export function field(fields: HeaderFields, name: string): string | undefined {
  return fields.get(name.toLowerCase())?.[0];
}
