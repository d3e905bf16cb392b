import ct from 'countries-and-timezones';
import countries from 'i18n-iso-countries';
import { propertyOf, readContactValue } from '../filter/contactValue.ts';

/** Where a lead is, as far as its CRM contact says: its IANA time zone and its country (ISO 3166 alpha-2), each null when unknown. */
export interface LeadPlace {
  zone: string | null;
  country: string | null;
}

/** Contact properties that name a time zone: HubSpot's `hs_timezone` first, then common names. */
const ZONE_PROPERTIES = ['hs_timezone', 'timezone', 'time_zone'];
/** Contact properties that name a country: HubSpot's `country` (free text), then its ISO code property. */
const COUNTRY_PROPERTIES = ['country', 'hs_country_region_code'];
/** Languages country names are read in: the content languages. */
const NAME_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl'];

/**
 * The lead's place: the zone from a zone property when it names a real IANA zone (HubSpot writes
 * `europe_slash_berlin`), else the zone of its country when that country keeps one time all year
 * round everywhere (Germany, France, Poland; not the United States nor Australia, whose zones differ);
 * the country from a country property, by ISO code or by its name in one of the content languages.
 */
export function leadPlace(properties: Readonly<Record<string, unknown>>): LeadPlace {
  const country = firstKnown(properties, COUNTRY_PROPERTIES, countryCode);
  const zone = firstKnown(properties, ZONE_PROPERTIES, ianaZone) ?? (country === null ? null : zoneOfCountry(country));
  return { zone, country };
}

/**
 * leadPlace for the leads of one batch, which mostly share a place: each different set of the
 * properties it reads is looked up once.
 */
export function leadPlaces(): (properties: Readonly<Record<string, unknown>>) => LeadPlace {
  const places = new Map<string, LeadPlace>();
  return (properties) => {
    const key = JSON.stringify([...COUNTRY_PROPERTIES, ...ZONE_PROPERTIES].map((name) => knownText(properties, name)));
    let place = places.get(key);
    if (place === undefined) places.set(key, (place = leadPlace(properties)));
    return place;
  };
}

function knownText(properties: Readonly<Record<string, unknown>>, name: string): string | null {
  const value = readContactValue(propertyOf(properties, name));
  return value.known ? value.whole : null;
}

function firstKnown(properties: Readonly<Record<string, unknown>>, names: string[], read: (text: string) => string | null): string | null {
  for (const name of names) {
    const text = knownText(properties, name);
    if (text === null) continue;
    const found = read(text);
    if (found !== null) return found;
  }
  return null;
}

/** A canonical IANA zone name (`America/New_York`) for `America/New_York`, `america/new_york` or HubSpot's `america_slash_new_york`; null for anything else. */
export function ianaZone(text: string): string | null {
  const name = text.trim().replace(/_slash_/gi, '/');
  if (!name.includes('/') && name.toUpperCase() !== 'UTC') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** ISO 3166 alpha-2 code of `DE`, `de`, `Germany`, `Deutschland`, `Allemagne`...; null when not a country. */
export function countryCode(text: string): string | null {
  const value = text.trim();
  if (/^[a-z]{2}$/i.test(value)) return countries.isValid(value.toUpperCase()) ? value.toUpperCase() : null;
  for (const language of NAME_LANGUAGES) {
    const code = countries.getAlpha2Code(value, language);
    if (code) return code;
  }
  return null;
}

/** The zone of a country whose zones all keep the same offsets, winter and summer; null when they differ or it has none. */
export function zoneOfCountry(code: string): string | null {
  const names = ct.getCountry(code)?.timezones ?? [];
  const zones = names.map((name) => ct.getTimezone(name)).filter((zone) => zone !== null);
  if (zones.length === 0) return null;
  const [first] = zones;
  return zones.every((zone) => zone.utcOffset === first!.utcOffset && zone.dstOffset === first!.dstOffset) ? first!.name : null;
}

/** The one country a zone belongs to (`Australia/Sydney` is AU), or null when it serves several (`Europe/Berlin` also serves Scandinavia). */
export function countryOfZone(zone: string): string | null {
  const found = ct.getTimezone(zone)?.countries ?? [];
  return found.length === 1 ? found[0]! : null;
}
