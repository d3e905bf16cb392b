import { AppError, getAccount, isoWithOffset, type Pool, readRoutingTable, readWatchedProperties } from '@prospect-research/engine';
import { PROPERTY_WATCHES } from '@prospect-research/engine/autopilot-contract';
import Type, { type Static } from 'typebox';
import { CONTACT_PROPERTIES } from '../setup.ts';
import { SWEEP_WITHIN_MINUTES, WEBHOOK_PROPERTIES } from '../sweep/sweepContacts.ts';
import { type PortalPreferences, readPreferences } from './preferences.ts';

const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const autopilotSchema = Type.Object(
  {
    name: Type.String(),
    position: Type.Integer({ description: 'Its place in the routing order, from 1 at the top' }),
    fallback: Type.Boolean({ description: 'Skipped in the normal pass; tried, in order, for a contact no other Autopilot takes' }),
    takes: Type.String({ description: 'Which contacts it takes: its filter, in words' }),
    does: Type.String({ description: 'What it does with them: its sequence, in words' }),
    enabled_at: Type.String({ description: 'Only contacts created after this are taken' }),
  },
  { additionalProperties: false },
);

const stopPropertySchema = Type.Object(
  {
    property: Type.String(),
    watched: Type.Enum(PROPERTY_WATCHES, {
      description: '`webhook`: HubSpot sends its changes as they happen; `sweep`: the app looks for them every few minutes; `not_watched`: the portal reads nothing now',
    }),
    text: Type.String({ description: 'The same, in words' }),
  },
  { additionalProperties: false },
);

const writebackSchema = Type.Object(
  {
    property: Type.String({ description: 'The contact property (internal name)' }),
    label: Type.String({ description: 'Its label in HubSpot' }),
    on: Type.Boolean({ description: 'False: the app leaves the property as it is in HubSpot' }),
  },
  { additionalProperties: false },
);

/** What the settings page shows, and what `GET`/`PUT` of a portal's settings answer. */
export const portalSettingsSchema = Type.Object(
  {
    portal_id: Type.Integer(),
    state: Type.Enum(['connected', 'unclaimed', 'disconnected']),
    account: nullable(Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: false, description: 'The Prospect Research account the portal feeds; null while unclaimed' })),
    claim: nullable(Type.String({ description: 'While unclaimed: how to attach the portal to an account, in words' })),
    autopilots: Type.Array(autopilotSchema, { description: "The enabled Autopilots that take the portal's new contacts, in routing order" }),
    stop_properties: Type.Array(stopPropertySchema, { description: "The contact properties the account's Autopilots stop a lead on, and how the portal's changes of each reach them" }),
    writeback: Type.Array(writebackSchema, { description: 'The contact properties the app writes, each on or off' }),
    notes: Type.Boolean({ description: 'Whether each research brief is logged as a note on its contact' }),
    notes_text: Type.String({ description: 'What notes on or off means, in words' }),
    updated_at: nullable(Type.String({ description: 'When the settings were last saved; null: never (everything on)' })),
  },
  { additionalProperties: false },
);
export type PortalSettingsView = Static<typeof portalSettingsSchema>;

export const PORTAL_SETTINGS_EXAMPLE: PortalSettingsView = {
  portal_id: 12345,
  state: 'connected',
  account: { id: 1, name: 'Acme Sales' },
  claim: null,
  autopilots: [
    {
      name: 'DACH founders',
      position: 1,
      fallback: false,
      takes: 'country is Germany, Austria or Switzerland and jobtitle contains "founder"',
      does: '3 touches over 9 days: e-mail, LinkedIn',
      enabled_at: '2026-11-20T10:00:00.000+00:00',
    },
  ],
  stop_properties: [
    { property: 'hs_lead_status', watched: 'webhook', text: 'HubSpot sends each change as it happens: a lead stops within seconds' },
    { property: 'demo_booked', watched: 'sweep', text: 'The app looks for changes every few minutes: a lead stops within about 6 minutes' },
  ],
  writeback: CONTACT_PROPERTIES.map((property) => ({ property: property.name, label: property.label, on: property.name !== 'prospect_research_research_summary' })),
  notes: true,
  notes_text: 'Each completed research brief is logged as a note on its contact.',
  updated_at: '2026-11-27T10:00:00.000+00:00',
};

/** How to attach an unclaimed portal (README "Install"), in words a HubSpot admin can act on. */
export const CLAIM_TEXT =
  "This HubSpot account has installed the app, but no Prospect Research account has claimed it yet, so its contacts are not taken. Give the claim code the install page showed to whoever runs your Prospect Research account: they enter it on the dashboard's HubSpot page (or send it to POST /hubspot/portals/claim with the account's API key). A code works once, for 24 hours; if it is lost or has expired, install the app again from HubSpot for a new one.";

const CHANNEL_WORDS: Record<string, string> = { email: 'e-mail', linkedin: 'LinkedIn', whatsapp: 'WhatsApp', telegram: 'Telegram' };

/** A sequence in words: `3 touches over 9 days: e-mail, LinkedIn`. */
export function sequenceWords(sequence: readonly { day: number; channel: string }[]): string {
  if (sequence.length === 0) return 'no touches yet';
  const days = Math.max(...sequence.map((touch) => touch.day));
  const channels = [...new Set(sequence.map((touch) => CHANNEL_WORDS[touch.channel] ?? touch.channel))];
  return `${sequence.length} ${sequence.length === 1 ? 'touch' : 'touches'} over ${days} ${days === 1 ? 'day' : 'days'}: ${channels.join(', ')}`;
}

/** How a portal in `state` watches `property`: the webhook's properties as they happen, any other by the sweep, nothing once disconnected. */
export function watchOf(property: string, state: PortalSettingsView['state']): Static<typeof stopPropertySchema> {
  if (state !== 'connected') return { property, watched: 'not_watched', text: 'The portal is not connected: its changes do not reach the Autopilots' };
  if (WEBHOOK_PROPERTIES.includes(property.toLowerCase())) return { property, watched: 'webhook', text: 'HubSpot sends each change as it happens: a lead stops within seconds' };
  return { property, watched: 'sweep', text: `The app looks for changes every few minutes: a lead stops within about ${SWEEP_WITHIN_MINUTES} minutes` };
}

const NOTES_ON = 'Each completed research brief is logged as a note on its contact.';
const NOTES_OFF = 'No research notes are written. Briefs completed while notes are off never get one, also after notes are turned on again.';

/**
 * A portal's settings as its admins see them: the account it feeds (or how to claim it), the enabled
 * Autopilots in routing order with their filters and sequences in words, how each stop property's
 * changes reach them, and the preferences. Read through the engine's public entry only.
 */
export async function settingsView(
  pool: Pool,
  portal: { portalId: number; accountId: number | null; state: PortalSettingsView['state'] },
  preferences?: PortalPreferences,
): Promise<PortalSettingsView> {
  const saved = preferences ?? (await readPreferences(pool, portal.portalId));
  const base = {
    portal_id: portal.portalId,
    state: portal.state,
    writeback: CONTACT_PROPERTIES.map((property) => ({ property: property.name, label: property.label, on: saved.writeback[property.name] !== false })),
    notes: saved.notes,
    notes_text: saved.notes ? NOTES_ON : NOTES_OFF,
    updated_at: saved.updatedAt === null ? null : isoWithOffset(saved.updatedAt),
  };
  const account = portal.accountId === null ? undefined : await accountOrNothing(pool, portal.accountId);
  if (account === undefined) return { ...base, account: null, claim: portal.state === 'unclaimed' ? CLAIM_TEXT : null, autopilots: [], stop_properties: [] };
  const [routing, watched] = await Promise.all([readRoutingTable(pool, account.id, []), readWatchedProperties(pool, account.id)]);
  return {
    ...base,
    account: { id: account.id, name: account.name },
    claim: null,
    autopilots: routing.autopilots.map((autopilot) => ({
      name: autopilot.name,
      position: autopilot.position,
      fallback: autopilot.fallback,
      takes: autopilot.filter.catchAll ? 'every contact (catch-all)' : autopilot.filter.rules.map((rule) => rule.description).join(autopilot.filter.match === 'all' ? ' and ' : ' or '),
      does: sequenceWords(autopilot.sequence),
      enabled_at: isoWithOffset(autopilot.enabledAt),
    })),
    stop_properties: watched.stops.map((property) => watchOf(property, portal.state)),
  };
}

/** The account, or nothing when it is gone (the portal is then shown as feeding none). */
async function accountOrNothing(pool: Pool, accountId: number): Promise<{ id: number; name: string } | undefined> {
  try {
    return await getAccount(pool, accountId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'account_not_found') return undefined;
    throw error;
  }
}
