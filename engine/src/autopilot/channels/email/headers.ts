import type { ParsedMail } from 'mailparser';
import type { HeaderFields } from '../../mail/headerFields.ts';

/**
 * A message's header fields as they were written (`HeaderFields`). mailparser's own `headers` map turns
 * some fields into address objects; the checks need the text (an empty `Return-Path: <>`, an
 * `Auto-Submitted` parameter).
 */
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
