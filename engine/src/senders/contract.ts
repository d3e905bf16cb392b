import { Type } from 'typebox';
import { ONE_LINE } from '../platform/validation/patterns.ts';

/**
 * The sending schedule every sender (a mailbox, a seat) is given, as the API takes and answers it: a
 * time zone, a window, sending days, touches a day once warmed up and a warm-up. One schema for all of
 * them: `scheduleSchemas(words)` makes its parts, and each sender's contract places them under its own
 * field names and says its own words in their descriptions (`ScheduleWords`).
 */

/** Sending days as people write them; ISO weekday 1 (Monday) to 7 (Sunday) inside. */
export const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** How one kind of sender names its schedule in its API, and the words its descriptions and problems use. */
export interface ScheduleWords {
  /** The sender, as in "the mailbox time zone". */
  sender: string;
  /** Its field names for the window, the days and the touches a day (the time zone and the warm-up are `time_zone` and `warmup` for all). */
  fields: { hours: string; days: string; dailyLimit: string };
  /** What the window's field does when it must end after it starts: "they start" (sending_hours), "it starts" (window). */
  hoursStart: string;
  /** What is read in the time zone: "sending hours and days". */
  readInZone: string;
  /** The most a daily limit and a warm-up's day may be. */
  maxPerDay: number;
  /** The daily limit's description. */
  dailyLimit: string;
  /** The daily limit in a problem's words: "the daily limit", as in "is above the daily limit (50)". */
  dailyLimitWords: string;
  /** The description of the warm-up's first day, and what its increase never goes above. */
  warmupFirstDay: string;
  warmupCeiling: string;
}

const HH_MM = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
/** A window may end at midnight: 24:00, as pacing reads it. */
const HH_MM_END = '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

/** The parts of a sender's schedule, each a JSON Schema, described in the sender's words. */
export function scheduleSchemas(words: ScheduleWords) {
  return {
    timeZone: Type.String({ minLength: 1, maxLength: 64, pattern: ONE_LINE, description: `IANA time zone, such as Europe/Berlin: ${words.readInZone} are read in it.` }),
    hours: Type.Object(
      {
        start: Type.String({ pattern: HH_MM, description: `Local time HH:mm in the ${words.sender} time zone; the window is [start, end).` }),
        end: Type.String({ pattern: HH_MM_END, description: 'Local time HH:mm, up to 24:00 (the end of the day).' }),
      },
      { additionalProperties: false },
    ),
    days: Type.Array(Type.Enum(DAY_NAMES), { minItems: 1, maxItems: 7, uniqueItems: true }),
    dailyLimit: Type.Integer({ minimum: 1, maximum: words.maxPerDay, description: words.dailyLimit }),
    warmup: Type.Object(
      {
        start_per_day: Type.Integer({ minimum: 1, maximum: words.maxPerDay, description: words.warmupFirstDay }),
        increase_per_day: Type.Integer({ minimum: 0, maximum: words.maxPerDay, description: `How many more each day after, never above ${words.warmupCeiling}.` }),
        started_on: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `The first day of warm-up (default: today in the ${words.sender} time zone).` })),
      },
      { additionalProperties: false },
    ),
  };
}

/** The sending days as every sender answers them. */
export const dayNamesViewSchema = Type.Array(Type.Enum(DAY_NAMES));

/** A warm-up as every sender answers it (null when it has none). */
export const warmupViewSchema = Type.Object({ start_per_day: Type.Integer(), increase_per_day: Type.Integer(), started_on: Type.String() }, { additionalProperties: false });

/** A sender's limit on a day: what it used and what it may. */
export const dayUseViewSchema = Type.Object(
  {
    sent: Type.Integer({ description: 'Touches sent, or being sent, that day by every Autopilot of the account.' }),
    limit: Type.Integer({ description: 'How many it may send that day: the daily limit, or less while warming up.' }),
  },
  { additionalProperties: false },
);

/** The warm-up still ahead as every sender answers it. */
export const rampViewSchema = Type.Array(
  Type.Object(
    { date: Type.String({ description: "A local date in the sender's time zone." }), limit: Type.Integer({ description: 'How many it may send that day.' }) },
    { additionalProperties: false },
  ),
  { description: 'The warm-up ahead, from today: each day with its limit, up to the first day at the full limit (at most 30 days); empty when the sender is not warming up.' },
);

export { nextAfterSchema, senderPageQuery } from './page.ts';
