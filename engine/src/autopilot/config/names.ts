import { NAME_MAX_LENGTH } from '../contract.ts';

/**
 * Names an Autopilot cannot have: `PUT /autopilots/order` reorders the account's Autopilots, so an
 * Autopilot called "order" could never be written by its address.
 */
export const RESERVED_NAMES = ['order'] as const;

const CONTROL = /\p{Cc}/u;

/** The one form a name is stored in: trimmed, in Unicode's composed form (NFC), so `é` typed two ways is one name. */
export function normaliseName(text: string): string {
  return text.trim().normalize('NFC');
}

/**
 * What makes two names one: case is ignored (`EMEA SaaS` and `emea saas` are the same Autopilot),
 * and so are compatibility forms (full-width letters). Unique among an account's live Autopilots.
 */
export function nameKey(name: string): string {
  return normaliseName(name).normalize('NFKC').toLowerCase();
}

export function isReservedName(name: string): boolean {
  return (RESERVED_NAMES as readonly string[]).includes(nameKey(name));
}

/** Whether a name from a URL or a command line could name an Autopilot at all (else it names nothing). */
export function isPossibleName(text: string): boolean {
  const name = normaliseName(text);
  return name.length >= 1 && name.length <= NAME_MAX_LENGTH && text.isWellFormed() && !CONTROL.test(name);
}
