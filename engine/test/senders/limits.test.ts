import { describe, expect, it } from 'vitest';
import { limitOn, RAMP_MAX_DAYS, rampFrom } from '../../src/senders/limits.ts';
import type { SendingSchedule } from '../../src/senders/schedule.ts';

const schedule = (warmup: SendingSchedule['warmup'], dailyLimit = 40): SendingSchedule => ({
  timeZone: 'Europe/Berlin',
  windowStart: '09:00',
  windowEnd: '17:00',
  days: [1, 2, 3, 4, 5],
  dailyLimit,
  warmup,
});

describe('the warm-up ahead (rampFrom)', () => {
  it('lists each day from today with the limit the sender paces by, up to the first day at the full limit', () => {
    const warming = schedule({ startPerDay: 10, increasePerDay: 5, startedOn: '2030-01-07' });
    const ramp = rampFrom(warming, '2030-01-09');
    expect(ramp).toEqual([
      { date: '2030-01-09', limit: 20 },
      { date: '2030-01-10', limit: 25 },
      { date: '2030-01-11', limit: 30 },
      { date: '2030-01-12', limit: 35 },
      { date: '2030-01-13', limit: 40 },
    ]);
    for (const day of ramp) expect(day.limit).toBe(limitOn(warming, day.date));
  });

  it('is empty without a warm-up and once warmed up', () => {
    expect(rampFrom(schedule(null), '2030-01-09')).toEqual([]);
    expect(rampFrom(schedule({ startPerDay: 10, increasePerDay: 5, startedOn: '2029-12-01' }), '2030-01-09')).toEqual([]);
  });

  it('stops after 30 days of a slow climb; a warm-up that does not climb is today alone', () => {
    const slow = rampFrom(schedule({ startPerDay: 1, increasePerDay: 1, startedOn: '2030-01-01' }, 1000), '2030-01-01');
    expect(slow).toHaveLength(RAMP_MAX_DAYS);
    expect(slow.at(-1)).toEqual({ date: '2030-01-30', limit: 30 });
    expect(rampFrom(schedule({ startPerDay: 5, increasePerDay: 0, startedOn: '2030-01-01' }), '2030-01-03')).toEqual([{ date: '2030-01-03', limit: 5 }]);
  });
});
