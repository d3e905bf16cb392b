import { describe, expect, it } from 'vitest';
import { formatDay, WEEKDAY } from '../../../src/format';
import { daysInWords, rampInWords, scheduleInWords } from '../../../src/pages/channels/words';

// jsdom's Intl speaks the test runner's language; the words are checked in en-US, as the runner's default.
describe('the Channels page in words', () => {
  it('says sending days as runs: three days or more from first to last', () => {
    expect(daysInWords(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Mon–Fri');
    expect(daysInWords(['mon', 'wed', 'thu', 'fri', 'sun'])).toBe('Mon, Wed–Fri, Sun');
    expect(daysInWords(['sat', 'sun'])).toBe('Sat, Sun');
    expect(scheduleInWords(['mon', 'tue', 'wed'], { start: '08:00', end: '18:00' }, 'Europe/Berlin')).toBe('Mon–Wed, 08:00–18:00 (Europe/Berlin)');
  });

  it('says the warm-up ahead: today, how it grows and when it is full; nothing once warmed up', () => {
    const ramp = [
      { date: '2030-01-07', limit: 10 },
      { date: '2030-01-08', limit: 15 },
      { date: '2030-01-09', limit: 20 },
    ];
    expect(rampInWords(ramp, 20, 5)).toBe(`Warming up: 10 today, 5 more each day; the full 20 from ${formatDay('2030-01-09', WEEKDAY)}`);
    expect(rampInWords(ramp, 50, 5)).toBe(`Warming up: 10 today, 5 more each day; 20 by ${formatDay('2030-01-09', WEEKDAY)}`);
    expect(rampInWords([{ date: '2030-01-07', limit: 5 }], 50, 0)).toBe('Warming up: 5 a day, not growing (the limit is 50)');
    expect(rampInWords([], 50, 5)).toBeNull();
  });
});
