import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/accounts/products.ts';
import type { AutopilotSettings, Channel, TouchKind } from '../../../src/autopilot/contract.ts';
import {
  anyCanAct,
  CONFIGURATION_RECHECK_MS,
  type Configuration,
  configurationGate,
  dropBehindGate,
  outcomeVerdict,
  reachGate,
  recordsOutcome,
  RESEARCH_RECHECK_MS,
  researchGate,
  SEND_CLAIM_TTL_MS,
  senderGate,
  STEP_ORDER_GAP_MS,
  stepOrderGate,
  turnOf,
  WARM_GIVE_UP_MS,
  WARM_RECHECK_MS,
  warmGate,
  withoutNote,
} from '../../../src/autopilot/sequence/gates.ts';
import type { ChannelSender, OutgoingTouch, Sender, SkipReason } from '../../../src/autopilot/sequence/ports.ts';
import { SPEC_DEFAULT_SETTINGS } from '../support.ts';

/** The gates of the send task, on plain data: no database, no clock (each is given `now`). */
const now = new Date('2030-01-07T10:00:00Z');
const plus = (ms: number, from = now) => new Date(from.getTime() + ms);
const contact: OutgoingTouch['contact'] = { id: 'c1', email: 'c1@acme.de', properties: { email: 'c1@acme.de' } };

function channel(name: Channel, unreachable: (contact: OutgoingTouch['contact'], kind: TouchKind) => SkipReason | null = () => null): ChannelSender {
  return { channel: name, senders: async () => [], unreachable, send: async () => ({ kind: 'sent', messageId: null, sentAt: now }) };
}

function sender(overrides: Partial<Sender> = {}): Sender {
  return {
    id: 1,
    channel: 'email',
    label: 'jane@ledgerly.test',
    schedule: { timeZone: 'Europe/Berlin', windowStart: '09:00', windowEnd: '17:00', days: [1, 2, 3, 4, 5], dailyLimit: 50, warmup: null },
    ...overrides,
  };
}

const identity = { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1, 10115 Berlin' };

/** An account ready to send e-mail, unless the test says otherwise. */
function settings(overrides: Partial<AutopilotSettings> = {}): AutopilotSettings {
  return { ...SPEC_DEFAULT_SETTINGS, email_signature: 'Jane Doe\nLedgerly', sender_identity: identity, email_ready: true, ...overrides };
}

const product: Product = { id: 1, accountId: 1, name: 'Ledgerly', description: 'Invoices', features: [], customers: [], createdAt: now };

function configuration(overrides: Partial<Configuration> = {}): Configuration {
  return { usableSenders: 1, settings: settings(), product, writer: true, unsubscribeLinks: true, ...overrides };
}

describe('whose turn it is: only a scheduled touch of an Active lead, and only one delivery of its job at a time', () => {
  const touch = (overrides: { state?: string; outcome?: string; sending_at?: Date | null } = {}) => ({ state: 'scheduled', outcome: 'Active', sending_at: null, ...overrides });

  it('takes a free touch, leaves an ended one or one whose lead ended', () => {
    expect(turnOf(touch(), now)).toBe('free');
    expect(turnOf(touch({ state: 'sent' }), now)).toBe('ended');
    expect(turnOf(touch({ state: 'cancelled' }), now)).toBe('ended');
    expect(turnOf(touch({ outcome: 'Responded' }), now)).toBe('ended');
  });

  it('leaves a touch another delivery is sending, and takes one whose send never finished', () => {
    expect(turnOf(touch({ sending_at: plus(-SEND_CLAIM_TTL_MS + 1) }), now)).toBe('being_sent');
    expect(turnOf(touch({ sending_at: plus(-SEND_CLAIM_TTL_MS) }), now)).toBe('abandoned');
  });
});

describe('waiting: research, step order', () => {
  it('holds a touch a minute while its research runs; a finished, failed or missing research lets it through', () => {
    expect(researchGate('queued', now)).toEqual({ kind: 'hold', until: plus(RESEARCH_RECHECK_MS), reason: "waiting for the lead's research to finish", code: 'research_pending' });
    expect(researchGate('processing', now)).toMatchObject({ kind: 'hold' });
    for (const status of ['completed', 'failed', 'timeout', null]) expect(researchGate(status, now)).toBeNull();
  });

  it('holds a touch until a little after the earlier step still to go, or a little after now when that one is overdue', () => {
    expect(stepOrderGate(null, now)).toBeNull();
    const due = plus(3_600_000);
    expect(stepOrderGate({ step: 0, due_at: due }, now)).toEqual({ kind: 'hold', until: plus(STEP_ORDER_GAP_MS, due), reason: 'waits for step 1 of the sequence to go first', code: 'step_order' });
    expect(stepOrderGate({ step: 2, due_at: plus(-3_600_000) }, now)).toMatchObject({ until: plus(STEP_ORDER_GAP_MS), reason: 'waits for step 3 of the sequence to go first' });
  });
});

describe('reach: the channel, the contact, a second connection request', () => {
  it('skips a second connection request, before anything else', () => {
    expect(reachGate({ kind: 'connection_request' }, contact, null, true)).toEqual({ kind: 'skip', reason: 'second_connection_request' });
  });

  it('skips a touch on a channel the engine does not send on (no_sender) or a contact the channel cannot reach, as unreachable', () => {
    expect(reachGate({ kind: 'message' }, contact, null, false)).toMatchObject({ kind: 'skip', reason: 'no_sender', unreachable: true });
    const noPhone = channel('whatsapp', () => 'no_phone_number');
    expect(reachGate({ kind: 'message' }, contact, noPhone, false)).toMatchObject({ kind: 'skip', reason: 'no_phone_number', unreachable: true, note: { level: 'info' } });
    expect(reachGate({ kind: 'email' }, contact, channel('email'), false)).toBeNull();
  });

  it('ends the lead only when none of its touches left could act: a channel the engine sends on, that reaches the contact, not a second request', () => {
    const channels = [channel('email'), channel('whatsapp', () => 'no_phone_number')];
    expect(anyCanAct([], channels, contact)).toBe(false);
    expect(anyCanAct([{ channel: 'telegram', kind: 'message', second: false }], channels, contact)).toBe(false);
    expect(anyCanAct([{ channel: 'whatsapp', kind: 'message', second: false }], channels, contact)).toBe(false);
    expect(anyCanAct([{ channel: 'email', kind: 'email', second: true }], channels, contact)).toBe(false);
    expect(
      anyCanAct(
        [
          { channel: 'whatsapp', kind: 'message', second: false },
          { channel: 'email', kind: 'email', second: false },
        ],
        channels,
        contact,
      ),
    ).toBe(true);
  });
});

describe('warm-only steps', () => {
  const planned = new Date('2030-01-01T09:00:00Z');
  const step = (warm_only?: boolean) => ({ spec: { warm_only }, planned_at: planned });

  it('lets a step through when it is not warm-only or the lead is warm', () => {
    expect(warmGate(step(), false, now)).toBeNull();
    expect(warmGate(step(false), false, now)).toBeNull();
    expect(warmGate(step(true), true, now)).toBeNull();
  });

  it('holds a cold lead, looking again every two hours but never past the give-up date, then skips it never_warmed_up', () => {
    expect(warmGate(step(true), false, now)).toEqual({
      kind: 'hold',
      until: plus(WARM_RECHECK_MS),
      reason: 'a warm-only step: waits for the lead to accept a connection request or reply',
      code: 'warm_only',
    });
    const giveUp = plus(WARM_GIVE_UP_MS, planned);
    expect(warmGate(step(true), false, plus(-60_000, giveUp))).toMatchObject({ kind: 'hold', until: giveUp });
    expect(warmGate(step(true), false, giveUp)).toMatchObject({ kind: 'skip', reason: 'never_warmed_up' });
  });
});

describe('drop-behind', () => {
  const planned = new Date('2030-01-07T08:00:00Z');

  it('ends the lead fell_behind once the moment the touch could go is past the deadline in the zone that counts; off when null', () => {
    expect(dropBehindGate(planned, new Date('2030-01-20T00:00:00Z'), null, 'UTC')).toBeNull();
    expect(dropBehindGate(planned, new Date('2030-01-14T08:00:00Z'), 7, 'Europe/Berlin')).toBeNull();
    expect(dropBehindGate(planned, new Date('2030-01-14T08:00:01Z'), 7, 'Europe/Berlin')).toMatchObject({ kind: 'end', reason: 'fell_behind' });
  });
});

describe('configuration: what the account and this engine lack, in words; the touch waits an hour, never ends for it', () => {
  const email = { channel: 'email' as Channel, kind: 'email' as TouchKind, spec: {} };
  const request = (note?: boolean) => ({ channel: 'linkedin' as Channel, kind: 'connection_request' as TouchKind, spec: { note } });
  const reason = (touch: Parameters<typeof configurationGate>[0], overrides: Partial<Configuration>) => {
    const verdict = configurationGate(touch, configuration(overrides), now);
    return verdict?.kind === 'hold' ? verdict.reason : verdict;
  };

  it('lets a configured account through', () => {
    expect(configurationGate(email, configuration(), now)).toBeNull();
  });

  it('holds for an hour while the channel has no usable sender', () => {
    expect(configurationGate(email, configuration({ usableSenders: 0 }), now)).toMatchObject({
      kind: 'hold',
      until: plus(CONFIGURATION_RECHECK_MS),
      reason: 'the account has no mailbox that can send (POST /mailboxes, or prospect-engine mailboxes add)',
      code: 'not_configured',
      note: { level: 'warn' },
    });
    expect(reason({ ...email, channel: 'telegram' }, { usableSenders: 0 })).toBe('the account has no telegram seat that can send (POST /seats/connect, or prospect-engine seats add)');
  });

  it('names what e-mail lacks, then what every channel lacks, in order', () => {
    expect(reason(email, { settings: settings({ email_ready: false, sender_identity: null, email_signature: null }) })).toBe(
      'e-mail cannot be sent: the account has no sender identity (name, company, postal address) and no e-mail signature (PATCH /autopilot/settings, or prospect-engine settings set)',
    );
    expect(reason(email, { settings: settings({ email_ready: false, email_signature: null }) })).toBe(
      'e-mail cannot be sent: the account has no e-mail signature (PATCH /autopilot/settings, or prospect-engine settings set)',
    );
    expect(reason(request(), { settings: settings({ sender_identity: null }) })).toBe('the account has no sender identity (PATCH /autopilot/settings, or prospect-engine settings set)');
    expect(reason(email, { writer: false })).toBe('no message writer is configured in this engine, so no message can be written');
    expect(reason(email, { unsubscribeLinks: false })).toBe('commercial e-mail needs a one-click unsubscribe link, and this engine makes none without SECRET_KEY');
    expect(reason(request(), { unsubscribeLinks: false })).toBeNull();
    expect(reason(email, { product: null })).toBe('the account has no product to write about (prospect-engine products set)');
  });

  it('needs no writer for a connection request without a note', () => {
    expect(withoutNote({ kind: 'connection_request', spec: { note: false } })).toBe(true);
    expect(withoutNote({ kind: 'connection_request', spec: {} })).toBe(false);
    expect(withoutNote({ kind: 'message', spec: { note: false } })).toBe(false);
    expect(reason(request(false), { writer: false })).toBeNull();
    expect(reason(request(), { writer: false })).toBe('no message writer is configured in this engine, so no message can be written');
  });
});

describe('the sender and its pace', () => {
  const planned = new Date('2030-01-07T08:00:00Z');
  const calendar = { zone: 'Europe/Berlin', holidays: null, whose: 'lead' as const };
  const jane = sender();

  it('holds an hour for a paused sender, skips no_sender when none can ever send', () => {
    expect(senderGate({ paused: 'the seat is disconnected' }, planned, null, now)).toEqual({
      kind: 'hold',
      until: plus(CONFIGURATION_RECHECK_MS),
      reason: 'the seat is disconnected',
      code: 'sender_paused',
      note: { level: 'warn', message: 'touch held: its sender is paused' },
    });
    expect(senderGate(null, planned, null, now)).toEqual({ kind: 'skip', reason: 'no_sender' });
  });

  it('goes now with the sender, or holds until its next moment, saying why and which sender', () => {
    expect(senderGate({ sender: jane, pace: { at: now, hold: null }, calendar }, planned, null, now)).toEqual({ kind: 'go', sender: jane });
    const monday = new Date('2030-01-14T08:00:00Z');
    expect(senderGate({ sender: jane, pace: { at: monday, hold: { kind: 'limit', text: 'the daily limit is reached' } }, calendar }, planned, null, now)).toEqual({
      kind: 'hold',
      until: monday,
      reason: 'the daily limit is reached; sender jane@ledgerly.test',
      code: 'daily_limit',
    });
  });

  it("ends the lead when the sender's next moment is past the drop-behind deadline", () => {
    const late = new Date('2030-01-15T08:00:00Z');
    expect(senderGate({ sender: jane, pace: { at: late, hold: { kind: 'day', text: 'not a sending day' } }, calendar }, planned, 7, now)).toMatchObject({ kind: 'end', reason: 'fell_behind' });
  });
});

describe('recording what became of a claimed touch', () => {
  it('records sent always, a skip while the touch is scheduled, a deferral while it is scheduled and its lead Active', () => {
    const row = (state: string, outcome: string) => ({ state, outcome });
    expect(recordsOutcome(row('cancelled', 'Responded'), { kind: 'sent' })).toBe(true);
    expect(recordsOutcome(row('scheduled', 'Closed'), { kind: 'skipped' })).toBe(true);
    expect(recordsOutcome(row('cancelled', 'Closed'), { kind: 'skipped' })).toBe(false);
    expect(recordsOutcome(row('scheduled', 'Active'), { kind: 'deferred' })).toBe(true);
    expect(recordsOutcome(row('scheduled', 'Closed'), { kind: 'deferred' })).toBe(false);
  });

  it("turns a channel's or the writer's skip into a skip, a deferral into a hold", () => {
    expect(outcomeVerdict({ kind: 'skipped', reason: 'address_bounced', detail: '550 no such user' })).toMatchObject({ kind: 'skip', reason: 'address_bounced', detail: '550 no such user' });
    const until = plus(900_000);
    expect(outcomeVerdict({ kind: 'deferred', until, why: 'greylisted' })).toMatchObject({ kind: 'hold', until, code: 'provider_deferred', reason: 'greylisted' });
  });
});
