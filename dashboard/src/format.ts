/** Dates and times in the viewer's own locale and time zone, through Intl. */
// Each formatter is built when a page first needs it: building one costs a first load tens of milliseconds.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const DATE_TIME = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const DATE = {
  medium: once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })),
  long: once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })),
};

/** A moment: "28 Nov 2026, 09:41" in the viewer's words; a dash when there is none. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? DATE_TIME().format(new Date(iso)) : '–');

/** A moment's date alone, in the viewer's zone. */
export const formatDate = (iso: string, style: keyof typeof DATE = 'medium') => DATE[style]().format(new Date(iso));

/** A weekday with its date, "Mon, 7 Jan" in the viewer's words: for days of a schedule or a chart. */
export const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * A calendar day as the engine writes it (`2024-03-01`): the same day wherever the viewer is (noon UTC
 * read in UTC). Anything else is shown as it came.
 */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });
}
