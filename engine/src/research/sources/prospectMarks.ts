import type { ProspectMarks } from './facts.ts';

/**
 * Telling the prospect apart among their company's people, so that they are never listed among its
 * decision makers and never enriched as one. Leaving out a namesake at the same company is the safe
 * mistake: listing the prospect to themself, or paying for their record twice, is the one avoided.
 */

/** A profile URL reduced to what names the profile: `linkedin.com/in/jane-doe` for any scheme, `www.`, case, query or trailing slash. */
export function profileKey(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

const fold = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A person among the company's people, as much as a source tells of them. */
export interface Candidate {
  id?: string;
  fullName?: string;
  linkedinUrl?: string;
  /** A search that hides last names (Apollo: `first_name` and `last_name_obfuscated` such as `Sc***t`). */
  firstName?: string;
  lastNameObfuscated?: string;
}

export function isProspect(candidate: Candidate, marks: ProspectMarks | undefined): boolean {
  if (!marks) return false;
  if (candidate.id !== undefined && marks.ids.includes(candidate.id)) return true;
  if (candidate.linkedinUrl !== undefined && marks.linkedinUrls.some((url) => profileKey(url) === profileKey(candidate.linkedinUrl!))) return true;
  const names = marks.names.map(fold);
  if (candidate.fullName !== undefined && names.includes(fold(candidate.fullName))) return true;
  if (candidate.firstName !== undefined && candidate.lastNameObfuscated !== undefined) {
    const first = fold(candidate.firstName);
    const [prefix = '', suffix = ''] = fold(candidate.lastNameObfuscated).split(/\*+/);
    return names.some((name) => {
      const words = name.split(' ');
      const last = words.slice(1).join(' ');
      return words[0] === first && last.length >= prefix.length + suffix.length && last.startsWith(prefix) && last.endsWith(suffix);
    });
  }
  return false;
}
