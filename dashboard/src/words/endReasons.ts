/** Why a lead ended, in words (docs/autopilot.md, "Wins, stops and outcomes"). */
export const END_REASONS = {
  replied: 'Replied',
  call_connected: 'Call connected',
  meeting_booked: 'Meeting booked',
  invite_accepted: 'Connection accepted',
  property_changed: 'CRM property changed',
  unsubscribed: 'Unsubscribed',
  closed_manually: 'Closed by hand',
  sequence_ended: 'Sequence ended',
  no_reachable_channel: 'No reachable channel',
  fell_behind: 'Fell behind',
  domain_excluded: 'Domain excluded',
  autopilot_archived: 'Autopilot archived',
} as const;
export type EndReason = keyof typeof END_REASONS;

/** The end reasons that are wins: the lead answered. */
export const WINS = new Set<string>(['replied', 'call_connected', 'meeting_booked', 'invite_accepted']);

/** An end reason in words (the engine's code, spaced, for one the dashboard does not know yet). */
export const endReasonWords = (reason: string | null | undefined) => (reason ? (END_REASONS[reason as EndReason] ?? reason.replaceAll('_', ' ')) : '');
