/**
 * The sending schedule every sender has (a mailbox, a seat): defaults, checks, the row mapping, the CLI's
 * flags, its limit on a local day (warm-up included) with the ramp ahead, and pages of an account's
 * senders. Its JSON Schema is the other face (contract.ts).
 */

export {
  checkWarmup,
  checkZoneAndHours,
  dayNames,
  DEFAULT_SCHEDULE,
  SCHEDULE_COLUMNS,
  scheduleColumns,
  scheduleFromRow,
  scheduleOf,
  type ScheduleRow,
  type SendingSchedule,
  warmupView,
  weekdays,
} from './schedule.ts';
export { pageOf } from './page.ts';
export { limitOn, RAMP_MAX_DAYS, rampFrom, senderDay, warmingUp } from './limits.ts';
export { dayList, scheduleText, sendingHours, warmupRamp, warmupText } from './scheduleArguments.ts';
