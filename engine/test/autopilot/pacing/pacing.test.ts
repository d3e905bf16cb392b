import { describe, expect, it } from 'vitest';
import { planDates, planTouches } from '../../../src/autopilot/pacing/dayPlan.ts';
import { dropBehindDeadline, fellBehind } from '../../../src/autopilot/pacing/dropBehind.ts';
import { limitOn, senderDay } from '../../../src/senders/index.ts';
import { nextSendMoment } from '../../../src/autopilot/pacing/nextMoment.ts';
import { planningCalendar, sendingCalendar } from '../../../src/autopilot/pacing/leadCalendar.ts';
import { leadPlace } from '../../../src/autopilot/pacing/zones.ts';
import type { SendingSchedule } from '../../../src/senders/schedule.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

function schedule(overrides: Partial<SendingSchedule> = {}): SendingSchedule {
  return { timeZone: 'Europe/Berlin', windowStart: '09:00', windowEnd: '17:00', days: [1, 2, 3, 4, 5], dailyLimit: 30, warmup: null, ...overrides };
}

const berlin = planningCalendar(leadPlace({ hs_timezone: 'europe_slash_berlin', country: 'Germany' }));
const newYork = planningCalendar(leadPlace({ hs_timezone: 'America/New_York', country: 'United States' }));
const sydney = planningCalendar(leadPlace({ country: 'AU', timezone: 'Australia/Sydney' }));

describe('whose time zone and country', () => {
  it('reads the zone from HubSpot hs_timezone, IANA names, or a country that keeps one time', () => {
    expect(leadPlace({ hs_timezone: 'america_slash_new_york' })).toEqual({ zone: 'America/New_York', country: null });
    expect(leadPlace({ Country: 'Deutschland' })).toEqual({ zone: 'Europe/Berlin', country: 'DE' });
    expect(leadPlace({ country: 'fr' })).toEqual({ zone: 'Europe/Paris', country: 'FR' });
    // Several zones with different offsets: the country alone does not say the lead's time.
    expect(leadPlace({ country: 'United States' })).toEqual({ zone: null, country: 'US' });
    expect(leadPlace({ hs_timezone: 'not a zone', country: 'Atlantis' })).toEqual({ zone: null, country: null });
  });

  it("reads the window in the lead's zone when known, else in the sender's", () => {
    expect(sendingCalendar(leadPlace({ hs_timezone: 'America/New_York' }), schedule()).zone).toBe('America/New_York');
    const unknown = sendingCalendar(leadPlace({}), schedule({ timeZone: 'Australia/Sydney' }));
    expect(unknown).toMatchObject({ zone: 'Australia/Sydney', whose: 'sender' });
    expect(unknown.holidays?.country).toBe('AU');
    expect(planningCalendar(leadPlace({})).zone).toBe('UTC');
  });
});

describe('the day plan: day 1 is the enrolment day, later days are business days', () => {
  it('skips the weekend (Berlin)', () => {
    // Friday 2030-01-04, 10:00 in Berlin.
    const dates = planDates(at('2030-01-04T09:00:00Z'), [1, 2, 3, 3], berlin).map((date) => date.toISODate());
    expect(dates).toEqual(['2030-01-04', '2030-01-07', '2030-01-08', '2030-01-08']);
  });

  it('a weekend enrolment keeps day 1 on the enrolment day', () => {
    expect(planDates(at('2030-01-05T12:00:00Z'), [1, 2], berlin).map((date) => date.toISODate())).toEqual(['2030-01-05', '2030-01-07']);
  });

  it('keeps 09:00 local across the spring DST change in Berlin', () => {
    const plan = planTouches(at('2030-03-28T09:00:00Z'), [1, 2, 3], berlin); // Thursday; DST starts Sunday 31 March
    expect(plan.map((touch) => iso(touch.plannedAt))).toEqual(['2030-03-28T08:00:00.000Z', '2030-03-29T08:00:00.000Z', '2030-04-01T07:00:00.000Z']);
    // Day 1's window start had passed at enrolment: due at once.
    expect(iso(plan[0]!.dueAt)).toBe('2030-03-28T09:00:00.000Z');
    expect(plan[1]!.dueAt).toEqual(plan[1]!.plannedAt);
  });

  it('keeps 09:00 local across the spring DST change in New York', () => {
    const plan = planTouches(at('2030-03-08T12:00:00Z'), [1, 2], newYork); // Friday 07:00 EST; DST starts Sunday 10 March
    expect(plan.map((touch) => iso(touch.plannedAt))).toEqual(['2030-03-08T14:00:00.000Z', '2030-03-11T13:00:00.000Z']);
  });

  it('keeps 09:00 local across the autumn DST change in Sydney, and skips Anzac Day', () => {
    // Friday 5 April 2030, 08:00 in Sydney (UTC+11); DST ends Sunday 7 April (UTC+10).
    const plan = planTouches(at('2030-04-04T21:00:00Z'), [1, 2], sydney);
    expect(plan.map((touch) => iso(touch.plannedAt))).toEqual(['2030-04-04T22:00:00.000Z', '2030-04-07T23:00:00.000Z']);
    // Wednesday 24 April: day 2 is Friday 26 April, Anzac Day (Thursday 25) being a public holiday.
    expect(planDates(at('2030-04-24T00:00:00Z'), [2], sydney).map((date) => date.toISODate())).toEqual(['2030-04-26']);
  });

  it("skips the lead's country's public holidays (Christmas in Germany)", () => {
    expect(planDates(at('2030-12-24T08:00:00Z'), [1, 2, 3], berlin).map((date) => date.toISODate())).toEqual(['2030-12-24', '2030-12-27', '2030-12-30']);
    // Not a holiday in the United States on the 26th.
    expect(planDates(at('2030-12-24T15:00:00Z'), [2], newYork).map((date) => date.toISODate())).toEqual(['2030-12-26']);
  });
});

describe('the sending window, days and daily limit', () => {
  const lead = leadPlace({ hs_timezone: 'Europe/Berlin', country: 'DE' });
  const pace = (from: string, sentThatDay = 0, sending = schedule(), place = lead) =>
    nextSendMoment({ schedule: sending, calendar: sendingCalendar(place, sending), from: at(from), sentThatDay, senderLabel: 'jane@ledgerly.com' });

  it('goes at once inside the window', () => {
    expect(pace('2030-01-07T10:00:00Z')).toEqual({ at: at('2030-01-07T10:00:00Z'), hold: null });
  });

  it('holds before and after the window, and over the weekend', () => {
    expect(pace('2030-01-07T06:00:00Z')).toMatchObject({ at: at('2030-01-07T08:00:00Z'), hold: { kind: 'window' } });
    expect(pace('2030-01-07T16:00:00Z')).toMatchObject({ at: at('2030-01-08T08:00:00Z'), hold: { kind: 'window' } });
    const saturday = pace('2030-01-05T10:00:00Z');
    expect(saturday).toMatchObject({ at: at('2030-01-07T08:00:00Z'), hold: { kind: 'day' } });
    expect(saturday!.hold!.text).toContain('Saturday is not a sending day');
    expect(pace('2030-12-25T10:00:00Z')).toMatchObject({ at: at('2030-12-27T08:00:00Z'), hold: { kind: 'holiday' } });
  });

  it("reads the window in the lead's zone: a New York lead gets a Berlin mailbox's mail at 09:00 New York time", () => {
    const ny = leadPlace({ hs_timezone: 'America/New_York' });
    expect(pace('2030-01-07T10:00:00Z', 0, schedule(), ny)).toMatchObject({ at: at('2030-01-07T14:00:00Z'), hold: { kind: 'window' } });
  });

  it('holds a touch to the next day once the limit is reached, and counts the day in the sender zone', () => {
    const held = pace('2030-01-07T10:00:00Z', 30);
    expect(held).toMatchObject({ at: at('2030-01-08T08:00:00Z'), hold: { kind: 'limit' } });
    expect(held!.hold!.text).toBe('the daily limit of jane@ledgerly.com is reached (30 of 30 on 2030-01-07)');
    expect(pace('2030-01-07T10:00:00Z', 29)!.hold).toBeNull();
    // Friday's limit reached: Monday.
    expect(pace('2030-01-11T10:00:00Z', 30)).toMatchObject({ at: at('2030-01-14T08:00:00Z'), hold: { kind: 'limit' } });
    // A Berlin mailbox's day ends at 18:00 New York time, after the New York window: Tuesday 09:00 New York.
    const ny = leadPlace({ hs_timezone: 'America/New_York' });
    expect(pace('2030-01-07T15:00:00Z', 30, schedule(), ny)).toMatchObject({ at: at('2030-01-08T14:00:00Z'), hold: { kind: 'limit' } });
    expect(senderDay(schedule(), at('2030-01-07T23:30:00Z')).date).toBe('2030-01-08');
  });

  it('warms up: the limit climbs from its start by its increase each day, up to the daily limit', () => {
    const warming = schedule({ dailyLimit: 30, warmup: { startPerDay: 5, increasePerDay: 5, startedOn: '2030-01-07' } });
    expect(['2030-01-06', '2030-01-07', '2030-01-08', '2030-01-09', '2030-01-20'].map((date) => limitOn(warming, date))).toEqual([5, 5, 10, 15, 30]);
    const held = pace('2030-01-07T10:00:00Z', 5, warming);
    expect(held).toMatchObject({ at: at('2030-01-08T08:00:00Z'), hold: { kind: 'limit' } });
    expect(held!.hold!.text).toContain('5 of 5 on 2030-01-07, warming up');
    expect(pace('2030-01-08T10:00:00Z', 9, warming)!.hold).toBeNull();
  });

  it('a window that starts in a DST gap opens when the clocks have moved on', () => {
    const sunday = schedule({ timeZone: 'America/New_York', windowStart: '02:30', windowEnd: '05:00', days: [7] });
    // Sunday 10 March 2030: 02:30 does not exist in New York; the window opens at 03:30 EDT (07:30 UTC).
    expect(pace('2030-03-10T05:00:00Z', 0, sunday, leadPlace({}))!.at).toEqual(at('2030-03-10T07:30:00Z'));
  });

  it('a schedule that never sends gives no moment', () => {
    expect(pace('2030-01-07T10:00:00Z', 0, schedule({ days: [] }))).toBeNull();
    expect(pace('2030-01-07T10:00:00Z', 0, schedule({ windowStart: '17:00', windowEnd: '09:00' }))).toBeNull();
  });
});

describe('drop-behind', () => {
  it('is off, or the setting in calendar days after the plan', () => {
    const planned = at('2030-01-07T08:00:00Z');
    expect(dropBehindDeadline(planned, null, 'Europe/Berlin')).toBeNull();
    expect(iso(dropBehindDeadline(planned, 7, 'Europe/Berlin')!)).toBe('2030-01-14T08:00:00.000Z');
    expect(fellBehind(planned, at('2030-01-14T08:00:00Z'), 7, 'Europe/Berlin')).toBe(false);
    expect(fellBehind(planned, at('2030-01-14T08:00:01Z'), 7, 'Europe/Berlin')).toBe(true);
    expect(fellBehind(planned, at('2031-01-14T08:00:01Z'), null, 'Europe/Berlin')).toBe(false);
    // Across a DST change the deadline keeps the local time.
    expect(iso(dropBehindDeadline(at('2030-03-28T08:00:00Z'), 7, 'Europe/Berlin')!)).toBe('2030-04-04T07:00:00.000Z');
  });
});
