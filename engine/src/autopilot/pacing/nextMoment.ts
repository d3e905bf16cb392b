import type { SendingSchedule } from '../../senders/index.ts';
import { limitOn, senderDay, warmingUp } from '../../senders/index.ts';
import type { LeadCalendar } from './leadCalendar.ts';
import { type Hold, nextWindowMoment } from './window.ts';

export interface PaceInput {
  schedule: SendingSchedule;
  calendar: LeadCalendar;
  /** Now, or when the touch is due if later. */
  from: Date;
  /** Touches the sender already sent (or is sending) in its local day that holds `from`; later days have none yet. */
  sentThatDay: number;
  /** The sender in words (an address), for the hold's text. */
  senderLabel: string;
}

export interface Pace {
  /** The next moment the touch may go: `from` itself when nothing holds it. */
  at: Date;
  /** Why it cannot go at `from`; null when it can. */
  hold: Hold | null;
}

/**
 * The next moment a touch may go with this sender: inside the window, on a sending day that is not a
 * public holiday, on a sender day whose limit (warm-up included) is not reached. Null when the
 * schedule never sends.
 */
export function nextSendMoment(input: PaceInput): Pace | null {
  const { schedule, calendar, from } = input;
  const firstDay = senderDay(schedule, from);
  let candidate = from;
  let hold: Hold | null = null;
  for (let tries = 0; tries < 400; tries++) {
    const window = nextWindowMoment(candidate, schedule, calendar);
    if (window === null) return null;
    if (candidate === from) hold = window.hold;
    const day = senderDay(schedule, window.at);
    const sent = day.date === firstDay.date ? input.sentThatDay : 0;
    const limit = limitOn(schedule, day.date);
    if (sent < limit) return { at: window.at, hold: window.at.getTime() === from.getTime() ? null : hold };
    hold ??= {
      kind: 'limit',
      text: `the daily limit of ${input.senderLabel} is reached (${sent} of ${limit} on ${day.date}${warmingUp(schedule, day.date) ? ', warming up' : ''})`,
    };
    candidate = day.end;
  }
  return null;
}
