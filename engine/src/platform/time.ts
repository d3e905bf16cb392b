/** ISO 8601 with an explicit offset (`+00:00`): times are stored and answered in UTC. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
