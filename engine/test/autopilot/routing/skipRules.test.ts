import { describe, expect, it } from 'vitest';
import { checkSkipRules, excludedParent, isFreeMailboxProvider, isRoleAddress } from '../../../src/autopilot/routing/skipRules.ts';
import { normaliseEmail } from '../../../src/platform/emailAddress.ts';

const ALL_ON = { skip_role_based: true, skip_free_providers: true, excluded_domains: ['acme.com', 'xn--bcher-kva.example'] };
const ALL_OFF = { skip_role_based: false, skip_free_providers: false, excluded_domains: [] };

describe('skip rules', () => {
  it.each(['info', 'contact', 'kontakt', 'office', 'sales', 'support', 'marketing', 'hr', 'noreply', 'sales+emea'])('takes %s@ for a role address', (local) => {
    expect(isRoleAddress(local)).toBe(true);
  });

  it.each(['jane', 'jane.doe', 'salesman', 'infoline.jane', 'j'])('takes %s@ for a person', (local) => {
    expect(isRoleAddress(local)).toBe(false);
  });

  it('knows free mailbox providers from the maintained list, internationalised ones in their xn-- form, and only those domains', () => {
    for (const domain of ['gmail.com', 'googlemail.com', 'gmx.de', 'web.de', 'outlook.com', 'yahoo.com', 'wp.pl', 'orange.fr', 'libero.it']) expect(isFreeMailboxProvider(domain), domain).toBe(true);
    expect(isFreeMailboxProvider(normaliseEmail('jane@müllmail.com')!.split('@')[1]!)).toBe(true);
    for (const domain of ['acme.de', 'siemens.com', 'hubspot.com', 'mail.gmail.com', 'com']) expect(isFreeMailboxProvider(domain), domain).toBe(false);
  });

  it('excludes a domain and its subdomains, and nothing that merely ends like it', () => {
    expect(excludedParent('acme.com', ['acme.com'])).toBe('acme.com');
    expect(excludedParent('eu.sales.acme.com', ['acme.com'])).toBe('acme.com');
    expect(excludedParent('notacme.com', ['acme.com'])).toBeUndefined();
    expect(excludedParent('acme.com.evil.io', ['acme.com'])).toBeUndefined();
  });

  it('skips for the first rule that applies, in the spec order, and explains each', () => {
    expect(checkSkipRules('info@gmail.com', ALL_ON)).toEqual({
      skip: 'role_based_address',
      checks: [
        { rule: 'role_based_address', on: true, applies: true, text: '"info" is a role address (a team or a function, not a person), and the account skips those' },
        { rule: 'free_mailbox_provider', on: true, applies: true, text: 'gmail.com is a free mailbox provider, and the account skips those' },
        { rule: 'excluded_domain', on: true, applies: false, text: 'gmail.com is not on the excluded domains list' },
        { rule: 'unsubscribed', on: true, applies: false, text: 'info@gmail.com never unsubscribed' },
      ],
    });
    expect(checkSkipRules('jane@eu.acme.com', ALL_ON)).toMatchObject({
      skip: 'excluded_domain',
      checks: [{ applies: false }, { applies: false }, { applies: true, text: 'eu.acme.com is under acme.com, which is on the excluded domains list' }, { applies: false }],
    });
    expect(checkSkipRules(normaliseEmail('jane@Bücher.example')!, ALL_ON).skip).toBe('excluded_domain');
  });

  it('skips nothing while the settings are off, and says what would apply', () => {
    expect(checkSkipRules('info@gmail.com', ALL_OFF)).toEqual({
      skip: undefined,
      checks: [
        { rule: 'role_based_address', on: false, applies: false, text: '"info" is a role address (a team or a function, not a person), but the account does not skip those' },
        { rule: 'free_mailbox_provider', on: false, applies: false, text: 'gmail.com is a free mailbox provider, but the account does not skip those' },
        { rule: 'excluded_domain', on: false, applies: false, text: 'the account excludes no domain' },
        { rule: 'unsubscribed', on: true, applies: false, text: 'info@gmail.com never unsubscribed' },
      ],
    });
  });

  it('skips an address that unsubscribed earlier, whatever the settings, after the rules of the spec', () => {
    expect(checkSkipRules('jane@acme.com', ALL_OFF, new Set(['jane@acme.com']))).toMatchObject({
      skip: 'unsubscribed',
      checks: [{ applies: false }, { applies: false }, { applies: false }, { rule: 'unsubscribed', on: true, applies: true, text: "jane@acme.com unsubscribed from the account's messages earlier" }],
    });
    expect(checkSkipRules('info@gmail.com', ALL_ON, new Set(['info@gmail.com'])).skip).toBe('role_based_address');
  });
});
