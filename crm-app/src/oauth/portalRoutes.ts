import { AppError, checkedByHandler, refusing, type Clock, errorCodes, example, type HttpScopes, isoWithOffset, type KeyHolder, type Pool } from '@prospect-research/engine';
import Type, { type Static } from 'typebox';
import { accountPortals, disconnectWithHubSpot, type PortalRow, RELEASED } from '../portals.ts';
import { type HubSpotSettings, ROUTES } from '../settings.ts';
import { claimPortal, type ClaimedPortal } from './claims.ts';
import { installLink } from './links.ts';

interface Dependencies {
  pool: Pool;
  clock: Clock;
  settings: HubSpotSettings;
}

/** The key's account, which the engine's API-key hook has set on every request of this scope. */
const accountOf = (request: object): number => (request as { holder: KeyHolder }).holder.account.id;

/** A claim is a few dozen bytes. */
const CLAIM_BODY_LIMIT = 1024;

const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A portal as the API shows it to its account. */
const portalViewSchema = Type.Object(
  {
    portal_id: Type.Integer(),
    hub_domain: nullable(Type.String()),
    state: Type.Enum(['connected', 'disconnected']),
    installed_at: Type.String(),
    disconnected_at: nullable(Type.String()),
    disconnect_reason: nullable(Type.String()),
    set_up_at: nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type PortalView = Static<typeof portalViewSchema>;

const claimedPortalSchema = Type.Object(
  { portal_id: Type.Integer(), hub_domain: nullable(Type.String()), account_id: Type.Integer(), state: Type.Literal('connected'), claimed_at: Type.String() },
  { additionalProperties: false },
);

const tags = ['HubSpot portals'];

const installLinkSchema = Type.Object(
  { url: Type.String({ description: 'Open it signed in to HubSpot to connect a portal to this account; it connects one portal.' }), expires_at: Type.String() },
  { additionalProperties: false },
);

const disconnectedSchema = Type.Object(
  {
    portal_id: Type.Integer(),
    disconnected: Type.Boolean({ description: 'False when the portal was not connected: nothing changed.' }),
    hubspot: nullable(Type.Enum(['uninstalled', 'token_revoked', 'already_uninstalled', 'failed'], { description: 'What HubSpot did; null when nothing was asked of it.' })),
    text: Type.String({ description: 'What happened, in words.' }),
    problem: nullable(Type.String({ description: "HubSpot's words when it could not uninstall the app." })),
  },
  { additionalProperties: false },
);
type Disconnected = Static<typeof disconnectedSchema>;

const SCHEMAS = {
  claim: {
    summary: 'Claim a HubSpot portal',
    description: "Attaches the portal installed from HubSpot whose install page showed the code to the key's account.",
    tags,
    operationId: 'claimHubSpotPortal',
    body: checkedByHandler(example(Type.Object({ claim_code: Type.String({ description: 'XXXX-XXXX-XXXX-XXXX-XXXX: 20 letters and digits' }) }), { claim_code: 'K7QF-2MZP-9XRT-4WBN-H8CD' })),
    errors: errorCodes('invalid_claim_code', 'claim_code_not_found', 'claim_code_used', 'claim_code_expired', 'portal_claimed', 'portal_not_connected'),
    response: {
      200: example(claimedPortalSchema, { portal_id: 12345, hub_domain: 'acme.hubspot.com', account_id: 1, state: 'connected', claimed_at: '2026-11-27T10:00:00.000+00:00' }),
    },
  },
  list: {
    summary: "The account's HubSpot portals",
    tags,
    operationId: 'listHubSpotPortals',
    response: {
      200: example(Type.Object({ portals: Type.Array(portalViewSchema) }, { additionalProperties: false }), {
        portals: [
          {
            portal_id: 12345,
            hub_domain: 'acme.hubspot.com',
            state: 'connected',
            installed_at: '2026-11-20T10:00:00.000+00:00',
            disconnected_at: null,
            disconnect_reason: null,
            set_up_at: '2026-11-20T10:00:05.000+00:00',
          },
        ],
      }),
    },
  },
};

const portalNotFound = (portalId: unknown) => new AppError('portal_not_found', {}, `the account has no HubSpot portal ${JSON.stringify(String(portalId)).slice(0, 60)}`);

const SCHEMAS_OWNER = {
  installLink: {
    summary: 'An install link for HubSpot',
    description: "A signed link (7 days) that connects a HubSpot portal to the caller's account, as `prospect-engine hubspot install-link` prints it. Owners only.",
    tags,
    operationId: 'createHubSpotInstallLink',
    errors: errorCodes(),
    response: {
      200: example(installLinkSchema, {
        url: 'https://research.example.com/hubspot/install?account=1&expires=1795000000&link=Qm9vb29vb29v&signature=abc',
        expires_at: '2026-12-04T10:00:00.000+00:00',
      }),
    },
  },
  disconnect: {
    summary: 'Disconnect a HubSpot portal',
    description:
      "Uninstalls the app from one of the account's portals in HubSpot (or revokes its access), then drops its tokens: its contacts are no longer taken and nothing is written to it. Installing again reconnects it. Owners only.",
    tags,
    operationId: 'disconnectHubSpotPortal',
    // A path that names no portal of the account (not a number, or none it has) is one answer: portal_not_found.
    params: example(
      refusing(Type.Object({ portal_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'HubSpot portal (hub) id' }) }), {
        error: (_problems, given) => portalNotFound((given as { portal_id?: unknown } | null)?.portal_id),
      }),
      { portal_id: 12345 },
    ),
    errors: errorCodes('portal_not_found'),
    response: {
      200: example(disconnectedSchema, {
        portal_id: 12345,
        disconnected: true,
        hubspot: 'uninstalled',
        text: 'Portal 12345 is disconnected; the app was uninstalled from it in HubSpot (its admins get an e-mail).',
        problem: null,
      }),
    },
  },
};

function view(portal: PortalRow): PortalView {
  return {
    portal_id: Number(portal.portal_id),
    hub_domain: portal.hub_domain,
    // An account's portal is never unclaimed (an unclaimed one has no account).
    state: portal.state === 'connected' ? 'connected' : 'disconnected',
    installed_at: isoWithOffset(portal.installed_at),
    disconnected_at: portal.disconnected_at ? isoWithOffset(portal.disconnected_at) : null,
    disconnect_reason: portal.disconnect_reason,
    set_up_at: portal.setup_at ? isoWithOffset(portal.setup_at) : null,
  };
}

/**
 * Behind the API key: `POST /hubspot/portals/claim` (`{"claim_code": "..."}`: the portal installed
 * from HubSpot whose install page showed the code is attached to the key's account) and
 * `GET /hubspot/portals` (the account's portals); for owners, `POST /hubspot/install-link` (a signed
 * install link for the account) and `POST /hubspot/portals/{portal_id}/disconnect`.
 */
export function portalRoutes(withApiKey: HttpScopes['withApiKey'], { pool, clock, settings }: Dependencies): void {
  withApiKey.post(ROUTES.claim, { bodyLimit: CLAIM_BODY_LIMIT, schema: SCHEMAS.claim }, async (request): Promise<ClaimedPortal> => {
    const body = request.body;
    const code = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).claim_code : undefined;
    return claimPortal(pool, accountOf(request), code, clock.now());
  });

  withApiKey.get(ROUTES.portals, { schema: SCHEMAS.list }, async (request): Promise<{ portals: PortalView[] }> => ({ portals: (await accountPortals(pool, accountOf(request))).map(view) }));

  withApiKey.post(ROUTES.installLink, { schema: SCHEMAS_OWNER.installLink, config: { role: 'owner' } }, async (request) => {
    const link = installLink(settings, accountOf(request), clock.now());
    return { url: link.url, expires_at: isoWithOffset(link.expiresAt) };
  });

  withApiKey.post(ROUTES.disconnect, { schema: SCHEMAS_OWNER.disconnect, config: { role: 'owner' } }, async (request): Promise<Disconnected> => {
    const portalId = request.params.portal_id;
    const accountId = accountOf(request);
    const portal = (await accountPortals(pool, accountId)).find((row) => Number(row.portal_id) === portalId);
    if (!portal) throw portalNotFound(portalId);
    // Acts on the portal only while it is still this account's (its row locked): one claimed by another account meanwhile is left alone.
    const release = await disconnectWithHubSpot(pool, settings, portalId, clock.now(), { accountId });
    if (release === undefined) return { portal_id: portalId, disconnected: false, hubspot: null, text: `Portal ${portalId} was not connected: nothing changed.`, problem: null };
    return {
      portal_id: portalId,
      disconnected: true,
      hubspot: release.outcome,
      text: `Portal ${portalId} is disconnected; ${RELEASED[release.outcome]}.`,
      problem: 'problem' in release ? release.problem : null,
    };
  });
}
