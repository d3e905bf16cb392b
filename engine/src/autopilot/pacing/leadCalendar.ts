import type { SendingSchedule } from '../../senders/index.ts';
import { type HolidayCalendar, holidayCalendar } from './holidays.ts';
import { countryOfZone, type LeadPlace } from './zones.ts';

/**
 * A lead's calendar: how its days and sending hours are read, in which IANA zone, skipping which
 * country's public holidays, and whose zone that is (for the words of a held touch).
 */
export interface LeadCalendar {
  zone: string;
  holidays: HolidayCalendar | null;
  whose: 'lead' | 'sender' | 'utc';
}

/**
 * At send time: the lead's zone when its contact says it (lemlist and Apollo send in the lead's time
 * too), else the sender's. Holidays: the lead's country when known, else the one country of the zone
 * that counts (none when that zone serves several countries).
 */
export function sendingCalendar(place: LeadPlace, schedule: SendingSchedule): LeadCalendar {
  const whose = place.zone === null ? 'sender' : 'lead';
  const zone = place.zone ?? schedule.timeZone;
  return { zone, holidays: holidayCalendar(place.country ?? countryOfZone(zone)), whose };
}

/** At enrolment, before a sender is chosen: the lead's zone when known, else UTC; holidays as above. */
export function planningCalendar(place: LeadPlace): LeadCalendar {
  if (place.zone === null) return { zone: 'UTC', holidays: holidayCalendar(place.country), whose: 'utc' };
  return { zone: place.zone, holidays: holidayCalendar(place.country ?? countryOfZone(place.zone)), whose: 'lead' };
}

export function describeZone(calendar: LeadCalendar): string {
  const whose = { lead: "the lead's time zone", sender: "the sender's time zone", utc: "UTC, the lead's zone being unknown" }[calendar.whose];
  return calendar.whose === 'utc' ? whose : `${calendar.zone}, ${whose}`;
}
