import type { AutopilotSettings } from '../../api/types';

// The spec's allowed values ("Account settings affecting the Autopilot"); each list is checked against the API's types.
export const QUEUE_WAIT_HOURS: AutopilotSettings['queue_wait_hours'][] = [2, 6, 12, 24, 48];
export const DROP_BEHIND_DAYS: NonNullable<AutopilotSettings['drop_behind_days']>[] = [7, 14, 30, 60];
export const CONTENT_LANGUAGES: AutopilotSettings['content_language'][] = ['en', 'pl', 'de', 'fr', 'es', 'it', 'pt', 'nl'];

/** A language in its own words ("Deutsch"), as people look for it. */
export function languageName(code: string): string {
  const native = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return native.slice(0, 1).toLocaleUpperCase(code) + native.slice(1);
}
