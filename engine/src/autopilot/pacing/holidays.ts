import Holidays from 'date-holidays';

/** A country's public holidays (`date-holidays`, nationwide `public` ones only: not bank holidays, observances or regional days). */
export interface HolidayCalendar {
  readonly country: string;
  /** The holiday's name on this local date (`2030-12-25`), or null. */
  holidayOn(isoDate: string): string | null;
}

const calendars = new Map<string, HolidayCalendar | null>();

/** The calendar of a country (ISO alpha-2), or null when `date-holidays` does not know it. Built once per country. */
export function holidayCalendar(country: string | null): HolidayCalendar | null {
  if (country === null) return null;
  if (!calendars.has(country)) calendars.set(country, buildCalendar(country));
  return calendars.get(country)!;
}

function buildCalendar(country: string): HolidayCalendar | null {
  if (!Object.hasOwn(new Holidays().getCountries(), country)) return null;
  const holidays = new Holidays(country);
  const years = new Map<number, Map<string, string>>();
  const daysOf = (year: number) => {
    let days = years.get(year);
    if (!days) {
      days = new Map();
      for (const holiday of holidays.getHolidays(year)) {
        // `date` is the local day ("2030-12-25 00:00:00"); a holiday's second day has its own entry.
        if (holiday.type === 'public') days.set(holiday.date.slice(0, 10), holiday.name);
      }
      years.set(year, days);
    }
    return days;
  };
  return { country, holidayOn: (isoDate) => daysOf(Number(isoDate.slice(0, 4))).get(isoDate) ?? null };
}
