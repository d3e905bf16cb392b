import type { paths } from '../api/schema';

/** The engine's channels, in the order a team adds them. */
export type Channel = NonNullable<NonNullable<paths['/autopilot/replies']['get']['parameters']['query']>['channel']>;
export const CHANNELS: readonly Channel[] = ['email', 'linkedin', 'whatsapp', 'telegram'];

/** Each channel as the person using it knows it. */
export const CHANNEL_NAMES: Record<Channel, string> = { email: 'E-mail', linkedin: 'LinkedIn', whatsapp: 'WhatsApp', telegram: 'Telegram' };

/** A channel's name; the code of one the dashboard does not know yet; `none` when there is no channel (a CRM event). */
export const channelName = (channel: string | null | undefined, none = 'CRM') => (channel ? (CHANNEL_NAMES[channel as Channel] ?? channel) : none);

/** The channels for a picker. */
export const CHANNEL_OPTIONS = CHANNELS.map((value) => ({ value, label: CHANNEL_NAMES[value] }));
