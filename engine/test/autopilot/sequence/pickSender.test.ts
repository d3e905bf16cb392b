import { describe, expect, it } from 'vitest';
import { bestOption, candidateSenders, type SenderOption, usableSenders } from '../../../src/autopilot/sequence/pickSender.ts';
import type { Sender } from '../../../src/autopilot/sequence/ports.ts';

/** Picking a touch's sender, the parts that read no database: who may take it, and which of them. */
const schedule: Sender['schedule'] = { timeZone: 'Europe/Berlin', windowStart: '09:00', windowEnd: '17:00', days: [1, 2, 3, 4, 5], dailyLimit: 50, warmup: null };
const sender = (id: number, overrides: Partial<Sender> = {}): Sender => ({ id, channel: 'email', label: `sender-${id}`, schedule, ...overrides });
const calendar = { zone: 'Europe/Berlin', holidays: null, whose: 'lead' as const };
const at = (iso: string) => new Date(iso);

describe('usable senders', () => {
  it('drops schedules that can never send: no day, an empty window, no limit', () => {
    const senders = [
      sender(1),
      sender(2, { schedule: { ...schedule, days: [] } }),
      sender(3, { schedule: { ...schedule, windowEnd: '09:00' } }),
      sender(4, { schedule: { ...schedule, dailyLimit: 0 } }),
    ];
    expect(usableSenders(senders).map((item) => item.id)).toEqual([1]);
  });
});

describe('candidate senders', () => {
  const senders = [sender(1), sender(2), sender(3, { pausedBecause: 'the seat is disconnected' })];

  it("keeps the lead's first sender on the channel while it is there, else offers every sender not paused", () => {
    expect(candidateSenders(senders, [], 'email')).toEqual([senders[0], senders[1]]);
    const earlier = [
      { channel: 'linkedin' as const, sender_id: '3' },
      { channel: 'email' as const, sender_id: null },
      { channel: 'email' as const, sender_id: '2' },
    ];
    expect(candidateSenders(senders, earlier, 'email')).toEqual([senders[1]]);
    // The lead's sender was removed: any other takes the thread on.
    expect(candidateSenders(senders, [{ channel: 'email', sender_id: '9' }], 'email')).toEqual([senders[0], senders[1]]);
  });

  it("answers why when the lead's own sender, or every sender, is paused", () => {
    expect(candidateSenders(senders, [{ channel: 'email', sender_id: '3' }], 'email')).toEqual({ paused: 'the seat is disconnected' });
    expect(candidateSenders([senders[2]!], [], 'email')).toEqual({ paused: 'the seat is disconnected' });
  });
});

describe('the best option', () => {
  const option = (id: number, load: number, order: number, pace: SenderOption['pace']): SenderOption => ({ sender: sender(id), pace, calendar, load, order });
  const now = { at: at('2030-01-07T10:00:00Z'), hold: null };
  const monday = (hour: number) => ({ at: at(`2030-01-14T0${hour}:00:00Z`), hold: { kind: 'day' as const, text: 'not a sending day' } });

  it('takes the least loaded sender that can send now, the first in order on a tie', () => {
    expect(bestOption([option(1, 5, 0, now), option(2, 3, 1, now), option(3, 3, 2, now)])?.sender.id).toBe(2);
    expect(bestOption([option(1, 9, 0, monday(8)), option(2, 40, 1, now)])?.sender.id).toBe(2);
  });

  it('else the one that can send soonest, the first in order on a tie; none without options', () => {
    expect(bestOption([option(1, 0, 0, monday(9)), option(2, 0, 1, monday(8)), option(3, 0, 2, monday(8))])?.sender.id).toBe(2);
    expect(bestOption([])).toBeNull();
  });
});
