import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../src/accounts/module.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import type { TouchKind } from '../../../src/autopilot/contract.ts';
import type { Sender } from '../../../src/autopilot/sequence/ports.ts';
import { claimDay } from '../../../src/autopilot/sequence/senderLoad.ts';
import { markSent } from '../../../src/autopilot/sequence/touchStore.ts';
import { transaction } from '../../../src/platform/database/database.ts';
import { researchModule } from '../../../src/research/module.ts';
import { client, createCustomer, useEngine } from '../../support/engine.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../mailboxes/support.ts';
import { seedLead } from './email/support.ts';
import { addSeat } from './unipile/support.ts';

/**
 * Today's use in the answers of `GET /mailboxes` and `GET /seats`: the touches each sender sent (or is
 * sending) in its own local day, counted as pacing counts them, against that day's limit with the warm-up.
 */
const fixture = useEngine({ modules: [accountsModule(), researchModule(), autopilotModule()], env: { SECRET_KEY: TEST_SECRET_KEY } });

let api: ReturnType<typeof client>;
let accountId: number;
let leadId: number;

beforeAll(async () => {
  const customer = await createCustomer(fixture.engine.pool);
  accountId = customer.account.id;
  api = client(fixture.engine.url, customer.key);
  leadId = await seedLead(fixture.engine.pool, accountId, 'c-1', 'lead@example.com');
});

let step = 0;
/**
 * A touch of the lead claimed for `sender` by the send task's own claim, `sentAgo`, then recorded sent
 * (or left being sent): the state every worker leaves, which the API reads back.
 */
async function touch(channel: 'email' | 'linkedin', kind: TouchKind, senderId: number, state: 'sent' | 'sending', sentAgo = 1_000) {
  const at = new Date(Date.now() - sentAgo);
  const sender: Sender = {
    id: senderId,
    channel,
    label: `sender ${senderId}`,
    // The zones the API reads the senders' days in: the mailboxes' here, addSeat's.
    schedule: { timeZone: channel === 'linkedin' ? 'Europe/Berlin' : 'UTC', windowStart: '00:00', windowEnd: '24:00', days: [1, 2, 3, 4, 5, 6, 7], dailyLimit: 1000, warmup: null },
    invitationLimits: channel === 'linkedin' ? { perDay: 1000, perWeek: 1000 } : undefined,
  };
  await transaction(fixture.engine.pool, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at) VALUES ($1, $2, $3, '{}', $4, $5, $6, $6) RETURNING id`,
      [accountId, leadId, ++step, channel, kind, at],
    );
    const id = Number(rows[0]!.id);
    expect(await claimDay(db, { id, kind }, sender, at)).not.toBeNull();
    if (state === 'sent') await markSent(db, id, { messageId: null, sentAt: at }, undefined);
  });
}
describe("a sender's use of today", () => {
  it("counts a mailbox's e-mails sent today and in flight, not yesterday's nor another mailbox's, against the warm-up's limit", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const started = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const body = mailboxBody(2525, null, { time_zone: 'UTC', daily_limit: 40, warmup: { start_per_day: 10, increase_per_day: 5, started_on: started } });
    const mailbox = (await api.request('POST', '/mailboxes', { body })).body as { id: number };
    const other = (await api.request('POST', '/mailboxes', { body: { ...body, from_address: 'other@acme.test' } })).body as { id: number };
    await touch('email', 'email', mailbox.id, 'sent');
    await touch('email', 'email', mailbox.id, 'sent');
    await touch('email', 'email', mailbox.id, 'sending');
    await touch('email', 'email', mailbox.id, 'sent', 3 * 86_400_000);
    await touch('email', 'email', other.id, 'sent');

    const listed = (await api.request('GET', '/mailboxes')).body as { mailboxes: any[] };
    const shown = listed.mailboxes.find((candidate) => candidate.id === mailbox.id);
    expect(shown.today).toEqual({ date: today, sent: 3, limit: 20 });
    expect(shown.ramp[0]).toEqual({ date: today, limit: 20 });
    expect(shown.ramp.at(-1)).toEqual({ date: expect.any(String), limit: 40 });
    expect(shown.ramp).toHaveLength(5);
    expect((await api.request('GET', `/mailboxes/${other.id}`)).body.today).toEqual({ date: today, sent: 1, limit: 20 });
  });

  it("counts a linkedin seat's connection requests apart from its messages", async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'linkedin');
    await touch('linkedin', 'connection_request', seat.id, 'sent');
    await touch('linkedin', 'message', seat.id, 'sent');
    await touch('linkedin', 'message', seat.id, 'sending');
    const shown = (await api.request('GET', `/seats/${seat.id}`)).body as any;
    expect(shown.today).toEqual({ date: expect.any(String), messages: { sent: 2, limit: 40 }, invitations: { sent: 1, limit: 20 } });
    expect(shown.ramp).toEqual([]);
    const whatsapp = await addSeat(fixture.engine.pool, accountId, 'whatsapp');
    expect(((await api.request('GET', '/seats')).body as any).seats.find((candidate: any) => candidate.id === whatsapp.id).today.invitations).toBeNull();
  });
});

describe('the lists by keyset', () => {
  it('pages the mailboxes and the seats oldest first with `after` and `limit`, and refuses a page that is not one', async () => {
    for (const [path, field] of [
      ['/mailboxes', 'mailboxes'],
      ['/seats', 'seats'],
    ] as const) {
      const whole = (await api.request('GET', path)).body as any;
      const ids = whole[field].map((sender: { id: number }) => sender.id);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
      expect(whole.next_after).toBeNull();
      const first = (await api.request('GET', `${path}?limit=1`)).body as any;
      expect(first[field].map((sender: { id: number }) => sender.id)).toEqual([ids[0]]);
      expect(first.next_after).toBe(ids[0]);
      const rest = (await api.request('GET', `${path}?after=${first.next_after}`)).body as any;
      expect(rest[field].map((sender: { id: number }) => sender.id)).toEqual(ids.slice(1));
      expect(rest.next_after).toBeNull();
      for (const query of ['limit=0', 'limit=1000', 'after=-1', 'after=x', 'limit=1.5']) {
        expect((await api.request('GET', `${path}?${query}`)).body, query).toMatchObject({ error: 'invalid_query' });
      }
    }
  });
});
