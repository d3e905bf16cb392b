import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** A domain label validator.js's isFQDN takes: ASCII letters, digits and hyphens (not at its ends), or any letter beyond ASCII. */
const LABEL = /^(?!-)[a-z0-9\u00a1-\u{10ffff}-]+(?<!-)$/iu;
/** What an unquoted local part cannot hold (RFC 5322's specials and white space). */
const LOCAL_SPECIALS = /[\s()<>[\]\\,;:@"]/u;

/**
 * Whether `email` has the shape of an address the engine researches (docs/api.md, "The e-mail address":
 * a single address, no display name, a domain with a top-level part that is not a number). The engine's
 * full check (validator.js after Unicode normalisation) cannot be bundled: n8n's rules allow a community
 * node no imports but n8n's own. So this one only refuses what the engine surely refuses, after the
 * Unicode compatibility mapping the engine applies first (full-width letters, the ideographic full
 * stop); anything subtler is left to the engine's answer.
 */
export function isResearchableEmail(email: string): boolean {
  const address = email.normalize('NFKC').replace(/[\u3002\uff61]/gu, '.');
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.length > 254) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  const localOk = local.startsWith('"') || local.split('.').every((part) => part !== '' && !LOCAL_SPECIALS.test(part));
  const tld = labels[labels.length - 1]!;
  return localOk && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && tld.length >= 2 && !/^\d+$/u.test(tld);
}

/**
 * The item's Email, trimmed, refused before anything is submitted when the engine would refuse it: the
 * message names the value and the row (1-based, as a sheet counts), so a builder finds it at once.
 */
export function checkedEmail(ctx: IExecuteFunctions, itemIndex: number): string {
  const email = String(ctx.getNodeParameter('email', itemIndex) ?? '').trim();
  const row = itemIndex + 1;
  if (email === '') {
    throw new NodeOperationError(ctx.getNode(), `The Email of row ${row} is empty`, {
      itemIndex,
      description: "Map the prospect's work email into Email. Nothing was submitted, so no credit was spent.",
    });
  }
  if (!isResearchableEmail(email)) {
    throw new NodeOperationError(ctx.getNode(), `\`${email}\` is not a valid address (row ${row})`, {
      itemIndex,
      description:
        'A work email with a domain such as name@company.com. Every row is checked before any research starts: nothing was submitted, so no credit was spent.',
    });
  }
  return email;
}

/** The item's Email as given, for its error item: empty when even reading it fails (an expression that throws). */
export function emailAsGiven(ctx: IExecuteFunctions, itemIndex: number): string {
  try {
    return String(ctx.getNodeParameter('email', itemIndex, '') ?? '').trim();
  } catch {
    return '';
  }
}
