import { describe, expect, it } from 'vitest';
import { beforeEnrolment, precisionOf } from '../../../src/autopilot/outcomes/activities.ts';

describe('the precision of an activity time', () => {
  it('is read from how it was written: minute, second, tenths, hundredths, milliseconds and beyond', () => {
    expect(['2030-01-07T09:00Z', '2030-01-07T09:00:00Z', '2030-01-07T09:00:00.5Z', '2030-01-07T09:00:00.50+01:00', '2030-01-07T09:00:00.500Z', '2030-01-07T09:00:00.123456Z'].map(precisionOf)).toEqual(
      [60_000, 1000, 100, 10, 1, 1],
    );
  });

  it('counts an activity in the same unit as the enrolment as not before it', () => {
    const enrolled = new Date('2030-01-07T09:00:00.750Z');
    expect(beforeEnrolment({ occurredAt: new Date('2030-01-07T09:00:00Z'), precisionMs: 1000 }, enrolled)).toBe(false);
    expect(beforeEnrolment({ occurredAt: new Date('2030-01-07T09:00:00Z') }, enrolled)).toBe(true);
    expect(beforeEnrolment({ occurredAt: new Date('2030-01-07T08:59:59Z'), precisionMs: 1000 }, enrolled)).toBe(true);
    expect(beforeEnrolment({ occurredAt: new Date('2030-01-07T09:00:00.700Z'), precisionMs: 100 }, enrolled)).toBe(false);
    expect(beforeEnrolment({ occurredAt: new Date('2030-01-07T09:00:00.600Z'), precisionMs: 100 }, enrolled)).toBe(true);
  });
});
