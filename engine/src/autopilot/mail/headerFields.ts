/**
 * A message's header fields as they were written, by lower-case name, unfolded (RFC 5322 2.2.3), each
 * occurrence kept in order. The e-mail channel reads them from a message (`channels/email/headers.ts`);
 * a CRM logging an e-mail reply may send the ones it has (`headerFieldsOf`).
 */
export type HeaderFields = ReadonlyMap<string, readonly string[]>;

/** The first value of a field, or undefined when the message has none. */
export function field(fields: HeaderFields, name: string): string | undefined {
  return fields.get(name.toLowerCase())?.[0];
}

/** Header fields named as a client names them (any case; a value or several), unfolded and trimmed. */
export function headerFieldsOf(headers: Readonly<Record<string, string | readonly string[]>> | undefined): HeaderFields {
  const fields = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    const values = (typeof value === 'string' ? [value] : value).map((text) => text.replace(/\r?\n[ \t]+/g, ' ').trim());
    fields.set(key, [...(fields.get(key) ?? []), ...values]);
  }
  return fields;
}
