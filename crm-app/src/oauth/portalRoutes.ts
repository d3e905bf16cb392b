import { type Clock, type HttpScopes, isoWithOffset, type KeyHolder, type Pool } from '@prospect-research/engine';
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

/** A portal as the API shows it to its account. */
export interface PortalView {
  portal_id: number;
  hub_domain: string | null;
  state: 'connected' | 'disconnected';
  installed_at: string;
  disconnected_at: string | null;
  disconnect_reason: string | null;
  set_up_at: string | null;
}

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
  withApiKey.post(ROUTES.claim, { bodyLimit: CLAIM_BODY_LIMIT }, async (request): Promise<ClaimedPortal> => {
    const body = request.body;
    const code = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).claim_code : undefined;
    return claimPortal(pool, accountOf(request), code, clock.now());
  });

  withApiKey.get(ROUTES.portals, async (request): Promise<{ portals: PortalView[] }> => ({ portals: (await accountPortals(pool, accountOf(request))).map(view) }));
}
