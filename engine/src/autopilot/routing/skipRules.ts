import freeMailboxDomains from 'email-providers/all.json' with { type: 'json' };
import roleBasedPrefixes from 'role-based-email-addresses';
import { normaliseDomain } from '../../platform/emailAddress.ts';
import type { AutopilotSettings } from '../contract.ts';

/** Why a contact was skipped: the spec's skip rules, in its order. */
export const SKIP_REASONS = ['role_based_address', 'free_mailbox_provider', 'excluded_domain', 'unsubscribed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One skip rule against one address: whether the account has it on, whether it applies, in words. */
export interface SkipCheck {
  rule: SkipReason;
  on: boolean;
  applies: boolean;
  text: string;
}

/** The spec's own role local parts, beside the maintained list (which holds them today, but need not). */
const SPEC_ROLES = ['info', 'contact', 'kontakt', 'office', 'sales', 'support'];
const ROLES: ReadonlySet<string> = new Set([...roleBasedPrefixes, ...SPEC_ROLES].map((prefix) => prefix.toLowerCase()));

/** Free mailbox providers, in the form addresses are stored in (internationalised domains as `xn--`). */
const FREE_PROVIDERS: ReadonlySet<string> = new Set(freeMailboxDomains.flatMap((domain) => normaliseDomain(domain) ?? []));

/** The local part a role list is checked against: `sales+emea@` is `sales`. */
function roleOf(localPart: string): string {
  const plus = localPart.indexOf('+');
  return plus > 0 ? localPart.slice(0, plus) : localPart;
}

export function isRoleAddress(localPart: string): boolean {
  return ROLES.has(roleOf(localPart));
}

export function isFreeMailboxProvider(domain: string): boolean {
  return FREE_PROVIDERS.has(domain);
}

/** The excluded domain `domain` falls under (itself or a parent), if any. */
export function excludedParent(domain: string, excluded: readonly string[]): string | undefined {
  return excluded.find((parent) => domain === parent || domain.endsWith(`.${parent}`));
}

type SkipSettings = Pick<AutopilotSettings, 'skip_role_based' | 'skip_free_providers' | 'excluded_domains'>;

/** The unsubscribe rule's check: always on (an opt-out is honoured for good), whatever the settings. */
function unsubscribedCheck(email: string, unsubscribed: ReadonlySet<string>): SkipCheck {
  const applies = unsubscribed.has(email);
  return {
    rule: 'unsubscribed',
    on: true,
    applies,
    text: applies ? `${email} unsubscribed from the account's messages earlier` : `${email} never unsubscribed`,
  };
}

/**
 * The skip rules against a normalised address (as `normaliseEmail` writes it), each explained, and the
 * first that applies: a role address or a free mailbox provider when the account skips those, or a
 * domain on the excluded list or under one (`eu.acme.com` is under `acme.com`); an address that
 * unsubscribed from the account's messages earlier (an addition to the spec's rules: opt-outs are honoured).
 */
export function checkSkipRules(email: string, settings: SkipSettings, unsubscribed: ReadonlySet<string> = new Set()): { skip: SkipReason | undefined; checks: SkipCheck[] } {
  const at = email.lastIndexOf('@');
  const localPart = email.slice(0, at);
  const domain = email.slice(at + 1);

  const role = isRoleAddress(localPart);
  const free = isFreeMailboxProvider(domain);
  const parent = excludedParent(domain, settings.excluded_domains);
  const checks: SkipCheck[] = [
    {
      rule: 'role_based_address',
      on: settings.skip_role_based,
      applies: settings.skip_role_based && role,
      text: role
        ? `"${roleOf(localPart)}" is a role address (a team or a function, not a person)${settings.skip_role_based ? ', and the account skips those' : ', but the account does not skip those'}`
        : `"${localPart}" is not a role address`,
    },
    {
      rule: 'free_mailbox_provider',
      on: settings.skip_free_providers,
      applies: settings.skip_free_providers && free,
      text: free
        ? `${domain} is a free mailbox provider${settings.skip_free_providers ? ', and the account skips those' : ', but the account does not skip those'}`
        : `${domain} is not a free mailbox provider`,
    },
    {
      rule: 'excluded_domain',
      on: settings.excluded_domains.length > 0,
      applies: parent !== undefined,
      text:
        parent === undefined
          ? settings.excluded_domains.length === 0
            ? 'the account excludes no domain'
            : `${domain} is not on the excluded domains list`
          : parent === domain
            ? `${domain} is on the excluded domains list`
            : `${domain} is under ${parent}, which is on the excluded domains list`,
    },
    unsubscribedCheck(email, unsubscribed),
  ];
  return { skip: checks.find((check) => check.applies)?.rule, checks };
}
