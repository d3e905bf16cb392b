import { AppError, type Clock, errorCodes, example, type HttpScopes, type KeyHolder, type Pool, refusing } from '@prospect-research/engine';
import Type from 'typebox';
import { accountPortals } from '../portals.ts';
import { type HubSpotSettings, ROUTES } from '../settings.ts';
import { callerOf, signedScope } from '../signed/signedScope.ts';
import { type PreferencesChange, savePreferences, WRITTEN_PROPERTIES } from './preferences.ts';
import { PORTAL_SETTINGS_EXAMPLE, portalSettingsSchema, settingsView } from './view.ts';

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
}

/** A settings change is a few hundred bytes. */
export const SETTINGS_BODY_LIMIT = 4096;

type Problems = { path: string; message: string }[];

const invalidSettings = (problems: Problems) => new AppError('invalid_settings', { problems }, ['The settings were not saved:', ...problems.map((problem) => `  ${problem.message}`)].join('\n'));

/**
 * A change of a portal's settings: the properties to turn on or off (any of ours, the others left as
 * they are) and notes on or off. Anything else, or nothing, is refused in words (`invalid_settings`).
 */
const changeSchema = refusing(
  example(
    Type.Object(
      {
        writeback: Type.Optional(
          Type.Object(Object.fromEntries(WRITTEN_PROPERTIES.map((name) => [name, Type.Optional(Type.Boolean())])), {
            additionalProperties: false,
            description: 'Properties to turn on (true) or off (false); those left out stay as they are',
          }),
        ),
        notes: Type.Optional(Type.Boolean({ description: 'Log each research brief as a note on its contact' })),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    { writeback: { prospect_research_research_summary: false }, notes: true },
  ),
  {
    prepare(given, problems) {
      if (given === undefined || given === null) problems.error('', 'The request has no body: send the settings to change as JSON, such as {"notes": false}');
      else if (typeof given !== 'object' || Array.isArray(given)) problems.error('', 'The settings to change are a set of fields (a JSON object), such as {"notes": false}');
      else if (Object.keys(given).length === 0)
        problems.error('', 'Nothing to change: name the properties to turn on or off, such as {"writeback": {"prospect_research_research_summary": false}}, or {"notes": false}');
      return given;
    },
    stopAtPrepared: true,
    error: (problems) => invalidSettings(problems),
  },
);

const tags = ['HubSpot settings'];
const answer = (description: string) => ({ 200: example(portalSettingsSchema, PORTAL_SETTINGS_EXAMPLE, description) });

const SIGNED = {
  show: {
    summary: "A portal's settings page (signed by HubSpot)",
    description:
      "Called by the app's settings page in HubSpot with `hubspot.fetch`, which signs it (v3) and names the portal: the account the portal feeds (or how to claim it), the Autopilots that take its contacts, how each stop property is watched, and which properties are written and whether notes are.",
    tags,
    operationId: 'getHubSpotSettingsSigned',
    errors: errorCodes({ code: 'invalid_signature', status: 401 }, 'portal_not_found', 'payload_too_large'),
    response: answer("The portal's settings"),
  },
  change: {
    summary: "Change a portal's settings (signed by HubSpot)",
    description: 'Properties written and notes on or off, from the settings page. Answers the settings as saved.',
    tags,
    operationId: 'changeHubSpotSettingsSigned',
    body: changeSchema,
    errors: errorCodes({ code: 'invalid_signature', status: 401 }, 'portal_not_found', 'payload_too_large', 'invalid_settings'),
    response: answer('The settings as saved'),
  },
};

const portalNotFound = (portalId: unknown) => new AppError('portal_not_found', {}, `the account has no HubSpot portal ${JSON.stringify(String(portalId)).slice(0, 60)}`);
const params = example(
  refusing(Type.Object({ portal_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'HubSpot portal (hub) id' }) }), {
    error: (_problems, given) => portalNotFound((given as { portal_id?: unknown } | null)?.portal_id),
  }),
  { portal_id: 12345 },
);

const WITH_KEY = {
  show: {
    summary: "A HubSpot portal's settings",
    description: "What the portal's settings page in HubSpot shows, for one of the account's portals.",
    tags,
    operationId: 'getHubSpotPortalSettings',
    params,
    errors: errorCodes('portal_not_found'),
    response: answer("The portal's settings"),
  },
  change: {
    summary: "Change a HubSpot portal's settings",
    description: 'What the settings page in HubSpot changes: properties written, notes on or off. Admins and owners.',
    tags,
    operationId: 'changeHubSpotPortalSettings',
    params,
    body: changeSchema,
    errors: errorCodes('portal_not_found', 'invalid_settings'),
    response: answer('The settings as saved'),
  },
};

/** The key's account, which the engine's API-key hook has set on every request of this scope. */
const accountOf = (request: object): number => (request as { holder: KeyHolder }).holder.account.id;

/**
 * `GET`/`PUT /hubspot/settings`, signed by HubSpot (the settings page's `hubspot.fetch`): the calling
 * portal's settings, and no other's: the portal is the one HubSpot signed for. Who may open the page
 * is HubSpot's to decide (the settings tab of the app on its Connected apps page); the engine checks
 * that HubSpot signed the request, for this app and an installed portal, and records the HubSpot user
 * who saved. Behind the API key, the same for one of the account's portals (`/hubspot/portals/{id}/settings`;
 * changes need an admin or owner).
 */
export function portalSettingsRoutes(scopes: Pick<HttpScopes, 'open' | 'withApiKey'>, { pool, settings, clock }: Dependencies): void {
  signedScope(scopes.open, { pool, settings, clock }, (scope) => {
    scope.get(ROUTES.settings, { schema: SIGNED.show }, async (request) => settingsView(pool, callerOf(request)));
    scope.put(ROUTES.settings, { bodyLimit: SETTINGS_BODY_LIMIT, schema: SIGNED.change }, async (request) => {
      const caller = callerOf(request);
      const saved = await savePreferences(pool, caller.portalId, request.body as PreferencesChange, clock.now(), caller.userId);
      return settingsView(pool, caller, saved);
    });
  });

  const accountPortal = async (request: { params: { portal_id: number } }) => {
    const portal = (await accountPortals(pool, accountOf(request))).find((row) => Number(row.portal_id) === request.params.portal_id);
    if (!portal) throw portalNotFound(request.params.portal_id);
    return { portalId: Number(portal.portal_id), accountId: portal.account_id === null ? null : Number(portal.account_id), state: portal.state };
  };
  scopes.withApiKey.get(ROUTES.portalSettings, { schema: WITH_KEY.show }, async (request) => settingsView(pool, await accountPortal(request)));
  scopes.withApiKey.put(ROUTES.portalSettings, { bodyLimit: SETTINGS_BODY_LIMIT, schema: WITH_KEY.change }, async (request) => {
    const portal = await accountPortal(request);
    const saved = await savePreferences(pool, portal.portalId, request.body as PreferencesChange, clock.now(), null);
    return settingsView(pool, portal, saved);
  });
}
