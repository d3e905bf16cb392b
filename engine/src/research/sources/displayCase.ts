/**
 * Casing for display of values a source gave all in lower case (People Data Labs writes `sean thorne`,
 * `vp of sales`, `san francisco, california, united states`). A value with any capital letter is the
 * source's own casing and stays as it is. Title case follows English rules (the `title-case` library:
 * small words such as "of" and "and" stay lower case inside a value); the abbreviations below are then
 * written as they are usually written (VP, CEO, SaaS, GmbH).
 */
import { titleCase } from 'title-case';

/** Lower-case word -> its usual spelling. Only words that are (almost) never ordinary words in job titles, company names or places. */
const ABBREVIATIONS: Record<string, string> = Object.fromEntries(
  [
    'VP',
    'SVP',
    'EVP',
    'AVP',
    'CEO',
    'CTO',
    'CFO',
    'COO',
    'CMO',
    'CRO',
    'CIO',
    'CISO',
    'CPO',
    'CDO',
    'CCO',
    'CHRO',
    'GM',
    'MD',
    'HR',
    'IT',
    'QA',
    'UI',
    'UX',
    'PR',
    'SEO',
    'R&D',
    'B2B',
    'B2C',
    'AI',
    'ML',
    'API',
    'SaaS',
    'PaaS',
    'IaaS',
    'SDR',
    'BDR',
    'AE',
    'EMEA',
    'APAC',
    'LATAM',
    'DACH',
    'USA',
    'US',
    'UK',
    'UAE',
    'EU',
    'NYC',
    'LLC',
    'LLP',
    'GmbH',
    'AG',
    'SA',
    'BV',
    'NV',
    'PLC',
    'IBM',
    'SAP',
    'AWS',
    'ERP',
    'CRM',
    'FP&A',
    "McDonald's",
  ].map((word) => [word.toLowerCase(), word]),
);

/** A word of a value with its surrounding punctuation kept: `(vp)`, `sales,`. */
const WORD = /[\p{L}\p{N}&']+/gu;

/** `value` cased for display when the source wrote it all in lower case; otherwise unchanged. */
export function displayCase(value: string): string {
  if (value !== value.toLowerCase()) return value;
  const titled = titleCase(value, { locale: 'en-US' });
  return titled.replace(WORD, (word) => ABBREVIATIONS[word.toLowerCase()] ?? word);
}

/** A person's name: title case, with the capital after `O'` and `Mc` (`O'Brien`, `McKenzie`). */
export function displayName(value: string): string {
  if (value !== value.toLowerCase()) return value;
  // Names have no small words: every part is capitalised ("de", "van" included, as PDL drops the source's own casing).
  return value
    .replace(/(^|[\s\-'(/.])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\b(O'|Mc)(\p{Ll})/gu, (_, prefix: string, letter: string) => prefix + letter.toUpperCase());
}
