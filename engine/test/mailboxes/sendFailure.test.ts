import { describe, expect, it } from 'vitest';
import { MailHostRefused } from '../../src/mailboxes/mailHosts.ts';
import { sendFailure } from '../../src/mailboxes/sendFailure.ts';

describe('what a failed send means', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('a 5xx for the recipient is a hard bounce; other 5xx, 4xx, a refused login and no connection are deferred', () => {
    expect(sendFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 User unknown' }, now)).toEqual({
      kind: 'skipped',
      reason: 'address_bounced',
      detail: "the recipient's server refused the address: 550 5.1.1 User unknown",
    });
    expect(sendFailure({ code: 'EMESSAGE', command: 'DATA', responseCode: 554, response: '554 5.7.1 Message rejected as spam' }, now)).toEqual({
      kind: 'deferred',
      until: new Date('2026-11-23T11:00:00Z'),
      why: 'the SMTP server refused the message: 554 5.7.1 Message rejected as spam',
    });
    expect(sendFailure({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 452, response: '452 4.2.2 Mailbox full' }, now)).toEqual({
      kind: 'deferred',
      until: new Date('2026-11-23T10:15:00Z'),
      why: 'the SMTP server asked to try later: 452 4.2.2 Mailbox full',
    });
    expect(sendFailure({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Authentication failed' }, now)).toMatchObject({
      kind: 'deferred',
      until: new Date('2026-11-23T11:00:00Z'),
      why: expect.stringMatching(/^mailbox broken: the SMTP server refused its login \(535 5\.7\.8 Authentication failed\)/),
    });
    expect(sendFailure({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:1' }, now)).toEqual({
      kind: 'deferred',
      until: new Date('2026-11-23T10:05:00Z'),
      why: 'could not reach the SMTP server: connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(sendFailure({ code: 'ETIMEDOUT', message: 'Greeting never received' }, now)).toMatchObject({ kind: 'deferred', until: new Date('2026-11-23T10:05:00Z') });
    expect(sendFailure(new MailHostRefused('smtp.acme.com resolves to 10.0.0.1, a private or reserved address'), now)).toMatchObject({
      kind: 'deferred',
      why: expect.stringContaining('private or reserved'),
    });
  });
});
