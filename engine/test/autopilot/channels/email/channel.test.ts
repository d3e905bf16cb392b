import { describe, expect, it } from 'vitest';
import { emailChannel } from '../../../../src/autopilot/channels/email/channel.ts';

describe('what a failed send means', () => {
  it('a contact whose address the CRM removed is unreachable by e-mail: no_email_address, not a bounce', () => {
    const { sender } = emailChannel({});
    expect(sender.unreachable({ id: 'c1', email: null, properties: {} }, 'email')).toBe('no_email_address');
    expect(sender.unreachable({ id: 'c2', email: 'jana@acme.de', properties: {} }, 'email')).toBeNull();
  });
});
