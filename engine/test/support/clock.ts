import type { Clock } from '../../src/platform/time.ts';

/** A clock that moves only when a test moves it: give it to `autopilotModule({ clock })`. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2030-01-07T09:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(time: Date | string): void {
    this.current = new Date(time).getTime();
  }

  /** Moves the clock forward: `advance({ minutes: 15 })`. */
  advance(by: { ms?: number; seconds?: number; minutes?: number; hours?: number; days?: number }): Date {
    this.current += (by.ms ?? 0) + (by.seconds ?? 0) * 1000 + (by.minutes ?? 0) * 60_000 + (by.hours ?? 0) * 3_600_000 + (by.days ?? 0) * 86_400_000;
    return this.now();
  }
}
