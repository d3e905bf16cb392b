/** A CRM contact as routing hands it over: property names to what the CRM holds (mostly text). */
export type Contact = Readonly<Record<string, unknown>>;

/** What a contact holds for one property, read for comparison. */
export interface ContactValue {
  /** Whether it holds anything: missing, null, empty or blank text, and empty lists are unknown. */
  known: boolean;
  /** The whole value as text (list items joined by `;`), for `contains` and for explanations. */
  whole: string;
  /** Its separate values: `;`-separated parts (HubSpot's multiple checkboxes), or list items. */
  parts: string[];
}

const UNKNOWN: ContactValue = { known: false, whole: '', parts: [] };

/**
 * Finds a property in a contact: by its exact name, else by its name in any case (`Country` finds
 * `country`). Only the contact's own properties: `constructor` is not a property of every contact.
 */
export function propertyOf(contact: Contact, property: string, key: string = property.toLowerCase()): unknown {
  if (Object.hasOwn(contact, property)) return contact[property];
  for (const name of Object.keys(contact)) if (name.toLowerCase() === key) return contact[name];
  return undefined;
}

/**
 * Reads what a contact holds: text (trimmed; `;` separates multiple values), a number, true or false,
 * a list of those, or HubSpot's older `{value: ...}` form. Anything else holds nothing a filter can read.
 */
export function readContactValue(raw: unknown): ContactValue {
  const parts = partsOf(raw, 0);
  if (parts === undefined || parts.length === 0) return UNKNOWN;
  const whole = Array.isArray(raw) ? parts.join(';') : scalarText(isWrapped(raw) ? raw.value : raw)!.trim();
  return { known: true, whole, parts };
}

function isWrapped(raw: unknown): raw is { value: unknown } {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.hasOwn(raw, 'value');
}

function scalarText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
  if (typeof raw === 'bigint' || typeof raw === 'boolean') return String(raw);
  return undefined;
}

function partsOf(raw: unknown, depth: number): string[] | undefined {
  if (Array.isArray(raw)) return depth === 0 ? raw.flatMap((item) => partsOf(item, depth + 1) ?? []) : undefined;
  if (isWrapped(raw)) return depth === 0 ? partsOf(raw.value, depth + 1) : undefined;
  const text = scalarText(raw);
  if (text === undefined) return undefined;
  return text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
