/**
 * The sending schedule every sender has (a mailbox, a seat): defaults, checks, the row mapping and the
 * CLI's flags. Its JSON Schema is the other face (contract.ts).
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
export { dayList, scheduleText, sendingHours, warmupRamp, warmupText } from './scheduleArguments.ts';
