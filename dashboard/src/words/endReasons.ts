import type { paths } from '../api/schema';
import type { Json } from '../api/types';

/** The engine's end reasons, from its OpenAPI document (a lead's `end_reason`). */
export type EndReason = NonNullable<Json<paths['/autopilot/leads']['get']['responses'][200]>['leads'][number]['end_reason']>;

/**
 * Why a lead ended, in words (docs/autopilot.md, "Wins, stops and outcomes"): every reason the engine
 * has and no other, or the typecheck fails, so a reason the engine gains cannot show as its code.
 */
export const END_REASONS: Record<EndReason, string> = {
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
};

/** The end reasons that are wins: the lead answered. */
export const WINS = new Set<string>(['replied', 'call_connected', 'meeting_booked', 'invite_accepted']);

/** An end reason in words (the engine's code, spaced, for one the dashboard does not know yet). */
export const endReasonWords = (reason: string | null | undefined) => (reason ? (END_REASONS[reason as EndReason] ?? reason.replaceAll('_', ' ')) : '');
