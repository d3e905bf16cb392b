import { addJob, type Clock, type Pool, transaction } from '@prospect-research/engine';
import { HubSpotError, refreshTokens, type TokenInfo, type Tokens } from './hubspotApi.ts';
import type { HubSpotSettings } from './settings.ts';
import './tasks.ts';

/** Secrets purpose of both tokens at rest. */
const TOKEN_PURPOSE = 'hubspot-token';
/** An access token is refreshed once it has less than this left (HubSpot's live 30 minutes). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface PortalRow {
  portal_id: string;
  account_id: string;
  hub_domain: string | null;
  state: 'connected' | 'disconnected';
  installed_at: Date;
  disconnected_at: Date | null;
  disconnect_reason: string | null;
  setup_at: Date | null;
  connected_dispositions: string[];
}

export type LinkResult = { linked: 'new' | 'again' } | { conflict: number };

/**
 * Links a portal to an engine account with its tokens (sealed), and queues its setup, in one
 * transaction. A portal connected to another account stays there: it is disconnected first.
 */
export async function linkPortal(pool: Pool, settings: HubSpotSettings, accountId: number, info: TokenInfo, tokens: Tokens, now: Date): Promise<LinkResult> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ account_id: string; state: string }>('SELECT account_id, state FROM hubspot_portals WHERE portal_id = $1 FOR UPDATE', [info.hubId]);
    const existing = rows[0];
    if (existing && existing.state === 'connected' && Number(existing.account_id) !== accountId) return { conflict: Number(existing.account_id) };
    await client.query(
      `INSERT INTO hubspot_portals (portal_id, account_id, hub_domain, scopes, state, refresh_token, access_token, access_expires_at, installed_at)
       VALUES ($1, $2, $3, $4, 'connected', $5, $6, $7, $8)
       ON CONFLICT (portal_id) DO UPDATE SET account_id = $2, hub_domain = $3, scopes = $4, state = 'connected', refresh_token = $5, access_token = $6,
         access_expires_at = $7, installed_at = $8, disconnected_at = NULL, disconnect_reason = NULL`,
      [
        info.hubId,
        accountId,
        info.hubDomain,
        info.scopes,
        settings.secrets.seal(TOKEN_PURPOSE, tokens.refreshToken),
        settings.secrets.seal(TOKEN_PURPOSE, tokens.accessToken),
        new Date(now.getTime() + tokens.expiresIn * 1000),
        now,
      ],
    );
    await addJob(client, 'hubspot_setup_portal', { portalId: info.hubId }, { jobKey: `hubspot_setup:${info.hubId}` });
    return { linked: existing ? 'again' : 'new' };
  });
}

/** Drops a portal's tokens: its events are no longer taken and nothing is written to it. False when it was not connected. */
export async function disconnectPortal(pool: Pool, portalId: number, reason: 'cli' | 'uninstalled', now: Date): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, access_expires_at = NULL,
       disconnected_at = $2, disconnect_reason = $3
     WHERE portal_id = $1 AND state = 'connected'`,
    [portalId, now, reason],
  );
  return (rowCount ?? 0) > 0;
}

export async function listPortals(pool: Pool): Promise<PortalRow[]> {
  const { rows } = await pool.query<PortalRow>(
    `SELECT portal_id, account_id, hub_domain, state, installed_at, disconnected_at, disconnect_reason, setup_at, connected_dispositions
     FROM hubspot_portals ORDER BY portal_id`,
  );
  return rows;
}

export async function readPortal(pool: Pool, portalId: number): Promise<PortalRow | undefined> {
  const { rows } = await pool.query<PortalRow>('SELECT * FROM hubspot_portals WHERE portal_id = $1', [portalId]);
  return rows[0];
}

/** The engine account a connected portal is linked to; undefined for a portal not connected (nothing is written to it). */
export async function connectedAccount(pool: Pool, portalId: number): Promise<number | undefined> {
  const { rows } = await pool.query<{ account_id: string }>(`SELECT account_id FROM hubspot_portals WHERE portal_id = $1 AND state = 'connected'`, [portalId]);
  return rows[0] ? Number(rows[0].account_id) : undefined;
}

/** The portal is not connected (never installed, disconnected, or uninstalled): nothing is asked of HubSpot for it. */
export class PortalDisconnected extends Error {
  override name = 'PortalDisconnected';
}

/**
 * A portal's access tokens, refreshed before they expire. One refresh at a time per portal: in this
 * process the callers of one portal share one refresh; across processes the portal's row is locked
 * while refreshing, and whoever waited reads the token the first one stored.
 */
export class AccessTokens {
  readonly #pool: Pool;
  readonly #settings: HubSpotSettings;
  readonly #clock: Clock;
  readonly #pending = new Map<number, Promise<string>>();

  constructor(pool: Pool, settings: HubSpotSettings, clock: Clock) {
    this.#pool = pool;
    this.#settings = settings;
    this.#clock = clock;
  }

  async get(portalId: number): Promise<string> {
    const { rows } = await this.#pool.query<{ state: string; access_token: string | null; access_expires_at: Date | null }>(
      'SELECT state, access_token, access_expires_at FROM hubspot_portals WHERE portal_id = $1',
      [portalId],
    );
    const row = rows[0];
    if (!row || row.state !== 'connected') throw new PortalDisconnected(`HubSpot portal ${portalId} is not connected`);
    if (row.access_token && row.access_expires_at && this.#fresh(row.access_expires_at)) return this.#open(row.access_token);
    let pending = this.#pending.get(portalId);
    if (!pending) {
      pending = this.#refresh(portalId).finally(() => this.#pending.delete(portalId));
      this.#pending.set(portalId, pending);
    }
    return pending;
  }

  /** HubSpot refused the portal's access token (401): it is refreshed before its next use, and a refused refresh disconnects the portal. */
  async refused(portalId: number): Promise<void> {
    await this.#pool.query('UPDATE hubspot_portals SET access_expires_at = least(access_expires_at, $2) WHERE portal_id = $1', [portalId, this.#clock.now()]);
  }

  #fresh(expiresAt: Date): boolean {
    return expiresAt.getTime() - this.#clock.now().getTime() > REFRESH_MARGIN_MS;
  }

  #open(sealed: string): string {
    return this.#settings.secrets.open(TOKEN_PURPOSE, sealed);
  }

  async #refresh(portalId: number): Promise<string> {
    let uninstalled = false;
    const token = await transaction(this.#pool, async (client) => {
      const { rows } = await client.query<{ state: string; refresh_token: string | null; access_token: string | null; access_expires_at: Date | null }>(
        'SELECT state, refresh_token, access_token, access_expires_at FROM hubspot_portals WHERE portal_id = $1 FOR UPDATE',
        [portalId],
      );
      const row = rows[0];
      if (!row || row.state !== 'connected' || !row.refresh_token) throw new PortalDisconnected(`HubSpot portal ${portalId} is not connected`);
      // Another process refreshed while this one waited for the lock.
      if (row.access_token && row.access_expires_at && this.#fresh(row.access_expires_at)) return this.#open(row.access_token);
      let tokens: Tokens;
      try {
        tokens = await refreshTokens(this.#settings, this.#open(row.refresh_token));
      } catch (error) {
        // HubSpot refuses the refresh token of a portal that uninstalled the app (400 BAD_REFRESH_TOKEN / invalid_grant).
        if (error instanceof HubSpotError && (error.status === 400 || error.status === 401) && /BAD_REFRESH_TOKEN|invalid_grant/i.test(JSON.stringify(error.body))) {
          uninstalled = true;
          return undefined;
        }
        throw error;
      }
      await client.query('UPDATE hubspot_portals SET access_token = $2, refresh_token = $3, access_expires_at = $4 WHERE portal_id = $1', [
        portalId,
        this.#settings.secrets.seal(TOKEN_PURPOSE, tokens.accessToken),
        this.#settings.secrets.seal(TOKEN_PURPOSE, tokens.refreshToken),
        new Date(this.#clock.now().getTime() + tokens.expiresIn * 1000),
      ]);
      return tokens.accessToken;
    });
    if (token === undefined || uninstalled) {
      await disconnectPortal(this.#pool, portalId, 'uninstalled', this.#clock.now());
      throw new PortalDisconnected(`HubSpot portal ${portalId} refused our refresh token (the app was uninstalled): disconnected`);
    }
    return token;
  }
}
