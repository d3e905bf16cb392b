import { describe, expect, it } from 'vitest';
import { mailAddressAllowed, MailHostRefused, resolveMailHost } from '../../src/mailboxes/mailHosts.ts';

describe('where mailbox connections may go', () => {
  const answers = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('connects to the checked public address', async () => {
    expect(await resolveMailHost('smtp.acme.com', { allowPrivate: false, lookup: answers(['203.0.113.9', '8.8.8.8']) }).catch((error: Error) => error.message)).toMatch(
      /203\.0\.113\.9.*private or reserved/,
    );
    expect(await resolveMailHost('smtp.acme.com', { allowPrivate: false, lookup: answers(['8.8.8.8']) })).toBe('8.8.8.8');
  });

  it('refuses private and loopback addresses unless EMAIL_ALLOW_PRIVATE_HOSTS, and link-local always', async () => {
    await expect(resolveMailHost('mail.internal', { allowPrivate: false, lookup: answers(['10.1.2.3']) })).rejects.toThrow(MailHostRefused);
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: false })).rejects.toThrow(/EMAIL_ALLOW_PRIVATE_HOSTS=true/);
    expect(await resolveMailHost('mail.internal', { allowPrivate: true, lookup: answers(['10.1.2.3']) })).toBe('10.1.2.3');
    expect(await resolveMailHost('127.0.0.1', { allowPrivate: true })).toBe('127.0.0.1');
    await expect(resolveMailHost('metadata', { allowPrivate: true, lookup: answers(['169.254.169.254']) })).rejects.toThrow(/never sent to/);
    expect(mailAddressAllowed('fe80::1', true)).toBe(false);
    expect(mailAddressAllowed('::ffff:192.168.1.1', true)).toBe(true);
    expect(mailAddressAllowed('::ffff:192.168.1.1', false)).toBe(false);
    await expect(
      resolveMailHost('nowhere.invalid', {
        allowPrivate: true,
        lookup: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).rejects.toThrow('nowhere.invalid does not resolve to an address');
  });
});
