import { toASCII } from 'tr46';

/** Characters Unicode says to show as nothing: zero-width spaces and joiners, soft hyphens, direction marks, variation selectors... */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * UTS #46 as for a domain name (not a URL host, which would also decode `%41` and read `0x7f.1` as an
 * IPv4 address): letters, digits and hyphens once mapped, labels of at most 63 octets, no empty label.
 */
const DOMAIN_NAME = { checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false, verifyDNSLength: true };

/**
 * The one form an e-mail address is stored and researched in, or undefined when the address cannot
 * have one. Compatibility forms become their plain characters (Unicode NFKC: full-width `ｊａｎｅ` is
 * `jane`), letters are lower-cased, and the domain, which may be internationalised, is written in its
 * ASCII form by UTS #46 (`Bücher.example` is `xn--bcher-kva.example`). An address holding an invisible
 * character is refused rather than guessed at. Whether the result is an address at all is for the
 * validator to say.
 */
export function normaliseEmail(raw: string): string | undefined {
  const address = raw.normalize('NFKC').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0 || INVISIBLE.test(address)) return undefined;
  const domain = normaliseDomain(address.slice(at + 1));
  return domain === undefined ? undefined : `${address.slice(0, at)}@${domain}`;
}

/**
 * A domain in the form addresses are stored in (see normaliseEmail): NFKC, lower-case, UTS #46 to
 * ASCII (`Bücher.example` is `xn--bcher-kva.example`); undefined when it is not a domain name.
 */
export function normaliseDomain(raw: string): string | undefined {
  const domain = raw.normalize('NFKC').toLowerCase();
  if (INVISIBLE.test(domain)) return undefined;
  return toASCII(domain, DOMAIN_NAME) ?? undefined;
}
