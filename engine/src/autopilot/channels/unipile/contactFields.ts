import type { ContactProperties } from '../../contract.ts';
import { propertyOf } from '../../filter/contactValue.ts';
import { linkedinIdentifier } from '../../../integrations/index.ts';
import { leadPlace } from '../../pacing/zones.ts';
import { e164 } from './phone.ts';

/**
 * Where the Unipile channels find a contact on each channel, in its CRM properties (HubSpot's names,
 * then ours), the first one set winning:
 * - linkedin: `linkedin_url`, `hs_linkedin_url` (a profile URL, `/in/<identifier>`);
 * - whatsapp: `whatsapp`, `mobilephone`, `phone` (read as E.164; a number without its country code is
 *   read in the contact's country, `country` or `hs_country_region_code`);
 * - telegram: `telegram_username`, `telegram` (with or without its `@` or a `t.me/` link).
 */
export const LINKEDIN_PROPERTIES = ['linkedin_url', 'hs_linkedin_url'];
export const PHONE_PROPERTIES = ['whatsapp', 'mobilephone', 'phone'];
export const TELEGRAM_PROPERTIES = ['telegram_username', 'telegram'];

function texts(properties: ContactProperties, names: string[]): string[] {
  return names.map((name) => propertyOf(properties, name)).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** The public identifier of the contact's profile on the professional network, or null. */
export function linkedinOf(properties: ContactProperties): string | null {
  for (const url of texts(properties, LINKEDIN_PROPERTIES)) {
    const identifier = linkedinIdentifier(url, 'in');
    if (identifier !== null) return identifier;
  }
  return null;
}

/** The contact's phone number in E.164, or null when none of its phone properties holds a valid one. */
export function phoneOf(properties: ContactProperties): string | null {
  const { country } = leadPlace(properties);
  for (const raw of texts(properties, PHONE_PROPERTIES)) {
    const number = e164(raw, country);
    if (number !== null) return number;
  }
  return null;
}

/** Telegram usernames: 5 to 32 letters, digits and underscores. */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/** The contact's Telegram username (without `@`), or null. */
export function telegramOf(properties: ContactProperties): string | null {
  for (const raw of texts(properties, TELEGRAM_PROPERTIES)) {
    const name = raw
      .trim()
      .replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, '')
      .replace(/^@/, '')
      .replace(/\/+$/, '');
    if (USERNAME.test(name)) return name;
  }
  return null;
}
