import libphonenumber from 'google-libphonenumber';

const phones = libphonenumber.PhoneNumberUtil.getInstance();

/**
 * A phone number in E.164 (`+4915112345678`), or null when it is not a valid number. A number written
 * without its country code (`0151 12345678`) is read in `country` (ISO 3166 alpha-2), when known.
 */
export function e164(raw: string, country: string | null): string | null {
  const text = raw.trim();
  if (text === '' || text.length > 64) return null;
  try {
    const number = phones.parseAndKeepRawInput(text, country?.toUpperCase() ?? 'ZZ');
    return phones.isValidNumber(number) ? phones.format(number, libphonenumber.PhoneNumberFormat.E164) : null;
  } catch {
    // NOT_A_NUMBER, INVALID_COUNTRY_CODE (no + and no country), TOO_SHORT...
    return null;
  }
}
