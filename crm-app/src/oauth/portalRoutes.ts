import { checkedByHandler, type Clock, errorCodes, example, type HttpScopes, isoWithOffset, type KeyHolder, type Pool } from '@prospect-research/engine';
import Type, { type Static } from 'typebox';
import { accountPortals, type PortalRow } from '../portals.ts';
import { ROUTES } from '../settings.ts';
import { claimPortal, type ClaimedPortal } from './claims.ts';

interface Dependencies {
  pool: Pool;
  clock: Clock;
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
 * `GET /hubspot/portals` (the account's portals).
 */
export function portalRoutes(withApiKey: HttpScopes['withApiKey'], { pool, clock }: Dependencies): void {
  withApiKey.post(ROUTES.claim, { bodyLimit: CLAIM_BODY_LIMIT, schema: SCHEMAS.claim }, async (request): Promise<ClaimedPortal> => {
    const body = request.body;
    const code = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).claim_code : undefined;
    return claimPortal(pool, accountOf(request), code, clock.now());
  });

  withApiKey.get(ROUTES.portals, { schema: SCHEMAS.list }, async (request): Promise<{ portals: PortalView[] }> => ({ portals: (await accountPortals(pool, accountOf(request))).map(view) }));
}
