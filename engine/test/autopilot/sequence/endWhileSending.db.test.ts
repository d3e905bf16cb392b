import { describe, expect, it } from 'vitest';
import type { AutopilotInput } from '../../../src/autopilot/contract.ts';
import type { Sender } from '../../../src/autopilot/sequence/ports.ts';
import { senderUse } from '../../../src/autopilot/sequence/senderLoad.ts';
import { catchAll } from '../support.ts';
import { leadOf, touchesOf, useSequenceEngine } from './support.ts';

/**
 * A lead that ends while one of its touches is claimed and being written or sent (a reply, a close by
 * hand): the end succeeds and the touch ends with it, keeping its place in its sender's day while its
 * worker holds the claim; unsent, the place goes back; a message that went out all the same is
 * recorded sent in the place it kept.
 */
const { clock, email, writer, pool, newCustomer } = useSequenceEngine();

type Step = AutopilotInput['sequence'][number];
const mail = (day: number): Step => ({ day, channel: 'email', kind: 'email', angle: `Mail on day ${day}`, subject_angle: 'Their pricing guide', signals: [] });

/** A promise the test settles when it chooses: a writer or a channel kept busy until then. */
function gate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

async function startAt(api: { put: (name: string, body: unknown) => Promise<{ status: number; body: unknown }> }, at: string, document: AutopilotInput) {
  clock.set(new Date(Date.parse(at) - 60_000));
  const put = await api.put(document.name, document);
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  clock.set(at);
}

/** Touches the sender used of its local day now, as pacing and `GET /mailboxes` count them. */
async function used(sender: Sender): Promise<number> {
  return (await senderUse(pool(), [sender], clock.now())).get(sender.id)!.touches;
}

describe('ending a lead while its touch is being sent', () => {
  it('a lead closed by hand while its message is being written: 200, the touch cancelled and never sent, its place in the day given back', async () => {
    const customer = await newCustomer();
    const mailbox = email.addSender(customer.accountId, {}, 'writing@ledgerly.test');
    // Monday 3 June 2030, 12:00 in Berlin.
    await startAt(customer.api, '2030-06-03T10:00:00Z', catchAll('Writing', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('w1', { email: 'w1@acme.de', country: 'Germany' });
    expect(await used(mailbox)).toBe(0);

    const writing = gate();
    writer.pause = (request) => (request.leadId === lead ? writing.held : undefined);
    clock.advance({ minutes: 1 });
    const running = customer.runDue();
    try {
      await expect.poll(() => writer.to(lead).length).toBe(1);
      // Claimed: it holds a place in the mailbox's day while its message is written.
      expect(await used(mailbox)).toBe(1);

      const closed = await customer.api.request('POST', `/autopilot/leads/${lead}/close`);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body).toMatchObject({ closed: true, lead: { outcome: 'Closed', end_reason: 'closed_manually' } });
      expect((await touchesOf(pool(), lead)).map((touch) => touch.state)).toEqual(['cancelled', 'cancelled']);
      // Its worker still holds the claim: the place stays taken until it knows it sent nothing.
      expect(await used(mailbox)).toBe(1);
    } finally {
      writing.release();
      writer.pause = () => undefined;
      await running;
    }

    expect(email.to('w1@acme.de')).toHaveLength(0);
    expect((await touchesOf(pool(), lead)).map((touch) => [touch.state, touch.sent_at])).toEqual([
      ['cancelled', null],
      ['cancelled', null],
    ]);
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'closed_manually' });
    expect(await used(mailbox)).toBe(0);
  });

  it("a close that lands after the touch's last look, while its message goes out: the touch is recorded sent and counts once in its sender's day", async () => {
    const customer = await newCustomer();
    const mailbox = email.addSender(customer.accountId, { dailyLimit: 2 }, 'racing@ledgerly.test');
    await startAt(customer.api, '2030-06-03T10:00:00Z', catchAll('Racing', { sequence: [mail(1), mail(2)] }));
    const lead = await customer.enrol('r1', { email: 'r1@acme.de', country: 'Germany' });

    const sending = gate();
    email.pause = (touch) => (touch.leadId === lead ? sending.held : undefined);
    clock.advance({ minutes: 1 });
    const running = customer.runDue();
    try {
      // The channel has the message: the lead was looked at for the last time before it went.
      await expect.poll(() => email.to('r1@acme.de').length).toBe(1);
      const closed = await customer.api.request('POST', `/autopilot/leads/${lead}/close`);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body).toMatchObject({ closed: true });
      expect((await touchesOf(pool(), lead)).map((touch) => touch.state)).toEqual(['cancelled', 'cancelled']);
      // The message is on its way: its place in the day stays taken, so no other claim can pass the limit meanwhile.
      expect(await used(mailbox)).toBe(1);
    } finally {
      sending.release();
      email.pause = () => undefined;
      await running;
    }

    // The truth wins: it went out, so it is recorded sent, in the place it kept.
    const [first, second] = await touchesOf(pool(), lead);
    expect(first).toMatchObject({ state: 'sent', message_id: `<touch-${first!.id}@ledgerly.test>`, sender_id: mailbox.id });
    expect(second!.state).toBe('cancelled');
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'closed_manually' });
    expect(await used(mailbox)).toBe(1);

    // Counted once: of the day's two places one is left, for the next lead; the one after waits for tomorrow.
    const next = await customer.enrol('r2', { email: 'r2@acme.de', country: 'Germany' });
    const last = await customer.enrol('r3', { email: 'r3@acme.de', country: 'Germany' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const states = [...(await touchesOf(pool(), next)), ...(await touchesOf(pool(), last))].filter((touch) => touch.step === 0);
    expect(states.map((touch) => touch.state).sort()).toEqual(['scheduled', 'sent']);
    expect(states.find((touch) => touch.state === 'scheduled')!.held_reason).toBe('the daily limit of racing@ledgerly.test is reached (2 of 2 on 2030-06-03); sender racing@ledgerly.test');
    expect(await used(mailbox)).toBe(2);
  });
});
