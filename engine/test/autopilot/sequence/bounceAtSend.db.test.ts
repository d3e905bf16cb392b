import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutopilotInput } from '../../../src/autopilot/contract.ts';
import { startSmtpServer, type TestSmtpServer } from '../../mailboxes/servers.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../mailboxes/support.ts';
import { catchAll } from '../support.ts';
import { leadOf, touchesOf, useSequenceEngine } from './support.ts';

/**
 * A hard bounce at send time: the recipient's server refuses the address at RCPT TO (550). The spec: a
 * hard bounce ends the e-mail steps. So the refusal is the same bounce the IMAP reader's delivery
 * reports raise: the touch is skipped `address_bounced`, and so are the lead's later e-mail steps; no
 * later step writes to the refused address again, and the other channels go on.
 */
const { clock, pool, linkedin, newCustomer } = useSequenceEngine({
  realEmail: true,
  env: { SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true', EMAIL_IDLE_SECONDS: '0', PUBLIC_URL: 'https://engine.example.com' },
});

type Step = AutopilotInput['sequence'][number];
const mail = (day: number): Step => ({ day, channel: 'email', kind: 'email', angle: `Mail on day ${day}`, subject_angle: 'Their pricing guide', signals: [] });
const network = (day: number): Step => ({ day, channel: 'linkedin', kind: 'message', angle: `Message on day ${day}`, subject_angle: null, signals: [] });

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

describe('an address refused at send time (SMTP 550 at RCPT TO)', () => {
  it("skips that touch and the lead's later e-mail steps as a bounce (on its timeline once), never sends to it again; the network step still goes", async () => {
    const customer = await newCustomer();
    const created = await customer.api.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    linkedin.addSender(customer.accountId, {}, 'seat-bounce');
    smtp.refuse.set('gone@lead.test', { code: 550, message: '5.1.1 User unknown' });

    clock.set('2030-05-13T09:59:00Z');
    const put = await customer.api.put('Bounce', catchAll('Bounce', { channels: ['email', 'linkedin'], sequence: [mail(1), mail(2), network(3), mail(4)] }));
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    clock.set('2030-05-13T10:00:00Z');
    const gone = await customer.enrol('gone', { email: 'gone@lead.test', country: 'Germany' });
    await customer.enrol('fine', { email: 'fine@lead.test', country: 'Germany' });

    clock.advance({ minutes: 2 });
    await customer.runDue();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['fine@lead.test']]);
    const touches = await touchesOf(pool(), gone);
    expect(touches.map((touch) => [touch.channel, touch.state, touch.skip_reason])).toEqual([
      ['email', 'skipped', 'address_bounced'],
      ['email', 'skipped', 'address_bounced'],
      ['linkedin', 'scheduled', null],
      ['email', 'skipped', 'address_bounced'],
    ]);
    const { rows: bounces } = await pool().query(`SELECT kind, channel, effect FROM autopilot_lead_events WHERE lead_id = $1 ORDER BY id`, [gone]);
    expect(bounces).toEqual([{ kind: 'bounce', channel: 'email', effect: 'skipped_touches' }]);

    // The rest of the week: the network message goes; nothing more is sent to the refused address.
    for (const at of ['2030-05-14T08:00:00Z', '2030-05-15T08:00:00Z', '2030-05-16T08:00:00Z']) {
      clock.set(at);
      await customer.runDue();
    }
    expect(linkedin.sent.map(({ touch }) => touch.leadId)).toEqual(expect.arrayContaining([gone]));
    expect(smtp.received.filter((mail) => mail.to.includes('gone@lead.test'))).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to.includes('fine@lead.test')).length).toBe(3);
    expect(await leadOf(pool(), gone)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
  });
});
