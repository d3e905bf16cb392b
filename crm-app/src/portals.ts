import { addJob, type Clock, type Pool, transaction } from '@prospect-research/engine';
import { refreshTokens, revokeRefreshToken, type TokenInfo, type Tokens, uninstallApp } from './hubspotApi.ts';
import { HubSpotError } from './hubspotError.ts';
import { issueClaimCode } from './oauth/claims.ts';
import { INSTALL_LINK_TTL_MS, STATE_TTL_MS } from './oauth/links.ts';
import type { HubSpotSettings } from './settings.ts';
import './tasks.ts';

/** Secrets purpose of both tokens at rest. */
const TOKEN_PURPOSE = 'hubspot-token';
/** An access token is refreshed once it has less than this left (HubSpot's live 30 minutes). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface PortalRow {
  portal_id: string;
  /** Null while the portal is unclaimed (installed from HubSpot, no account has claimed it yet). */
  account_id: string | null;
  hub_domain: string | null;
  /** `connected`: tokens and an account; `unclaimed`: tokens, no account yet; `disconnected`: no tokens. */
  state: 'connected' | 'unclaimed' | 'disconnected';
  installed_at: Date;
  disconnected_at: Date | null;
  disconnect_reason: string | null;
  setup_at: Date | null;
  connected_dispositions: string[];
}

/** States in which the app holds a portal's tokens (and may call HubSpot for it). */
const HAS_TOKENS = `state IN ('connected', 'unclaimed')`;

export type LinkResult = { linked: 'new' | 'again' } | { conflict: number } | { linkUsed: number };

function tokenColumns(settings: HubSpotSettings, tokens: Tokens, now: Date) {
  return {
    refresh: settings.secrets.seal(TOKEN_PURPOSE, tokens.refreshToken),
    access: settings.secrets.seal(TOKEN_PURPOSE, tokens.accessToken),
    expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
  };
}

/**
 * Links a portal to an engine account with its tokens (sealed), and queues its setup, in one
 * transaction: the install through a link (`linkId`). A portal connected to another account stays
 * there (disconnect it first); an unclaimed one is attached to this account (a claim code it still has
 * then answers `portal_claimed` to any other account). An install link connects the first portal it
 * connected and no other: `linkUsed` names that portal. `again` when the portal fed this account
 * before (its tokens are renewed), `new` otherwise.
 */
export async function linkPortal(pool: Pool, settings: HubSpotSettings, accountId: number, linkId: string, info: TokenInfo, tokens: Tokens, now: Date): Promise<LinkResult> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ account_id: string | null; state: string }>('SELECT account_id, state FROM hubspot_portals WHERE portal_id = $1 FOR UPDATE', [info.hubId]);
    const existing = rows[0];
    if (existing && existing.state === 'connected' && Number(existing.account_id) !== accountId) return { conflict: Number(existing.account_id) };
    // Kept while a state made from the link can still come back: the link lives at most 7 days from
    // now, and a state made just before it expires 30 minutes later. Older bindings are deleted.
    await client.query('DELETE FROM hubspot_install_links WHERE expires_at < $1', [now]);
    await client.query(`INSERT INTO hubspot_install_links (link_id, account_id, portal_id, used_at, expires_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (link_id) DO NOTHING`, [
      linkId,
      accountId,
      info.hubId,
      now,
      new Date(now.getTime() + INSTALL_LINK_TTL_MS + STATE_TTL_MS),
    ]);
    const link = await client.query<{ portal_id: string }>('SELECT portal_id FROM hubspot_install_links WHERE link_id = $1 FOR UPDATE', [linkId]);
    if (Number(link.rows[0]!.portal_id) !== info.hubId) return { linkUsed: Number(link.rows[0]!.portal_id) };
    const sealed = tokenColumns(settings, tokens, now);
    await client.query(
      `INSERT INTO hubspot_portals (portal_id, account_id, hub_domain, scopes, state, refresh_token, access_token, access_expires_at, installed_at)
       VALUES ($1, $2, $3, $4, 'connected', $5, $6, $7, $8)
       ON CONFLICT (portal_id) DO UPDATE SET account_id = $2, hub_domain = $3, scopes = $4, state = 'connected', refresh_token = $5, access_token = $6,
         access_expires_at = $7, installed_at = $8, disconnected_at = NULL, disconnect_reason = NULL`,
      [info.hubId, accountId, info.hubDomain, info.scopes, sealed.refresh, sealed.access, sealed.expiresAt, now],
    );
    await addJob(client, 'hubspot_setup_portal', { portalId: info.hubId }, { jobKey: `hubspot_setup:${info.hubId}` });
    return { linked: existing && existing.account_id !== null && Number(existing.account_id) === accountId ? 'again' : 'new' };
  });
}

/** An install HubSpot started: the portal stays with its account (`again`), or waits unclaimed for the code shown once (`claimCode`). */
export type HubSpotInstallResult = { again: number } | { claimCode: string; expiresAt: Date };

/**
 * A portal installed from HubSpot's own install URL or marketplace listing (no `state` of ours, so no
 * account named). A portal connected to an account stays connected to it, with new tokens. Any other
 * (new, unclaimed, or disconnected: whoever it fed before, it no longer does) is connected `unclaimed`
 * with a new one-time claim code, which ends its earlier codes. Its setup is queued either way.
 */
export async function connectFromHubSpot(pool: Pool, settings: HubSpotSettings, info: TokenInfo, tokens: Tokens, now: Date): Promise<HubSpotInstallResult> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ account_id: string | null; state: string }>('SELECT account_id, state FROM hubspot_portals WHERE portal_id = $1 FOR UPDATE', [info.hubId]);
    const existing = rows[0];
    const sealed = tokenColumns(settings, tokens, now);
    let result: HubSpotInstallResult;
    if (existing?.state === 'connected') {
      await client.query('UPDATE hubspot_portals SET hub_domain = $2, scopes = $3, refresh_token = $4, access_token = $5, access_expires_at = $6, installed_at = $7 WHERE portal_id = $1', [
        info.hubId,
        info.hubDomain,
        info.scopes,
        sealed.refresh,
        sealed.access,
        sealed.expiresAt,
        now,
      ]);
      result = { again: Number(existing.account_id) };
    } else {
      await client.query(
        `INSERT INTO hubspot_portals (portal_id, account_id, hub_domain, scopes, state, refresh_token, access_token, access_expires_at, installed_at)
         VALUES ($1, NULL, $2, $3, 'unclaimed', $4, $5, $6, $7)
         ON CONFLICT (portal_id) DO UPDATE SET account_id = NULL, hub_domain = $2, scopes = $3, state = 'unclaimed', refresh_token = $4, access_token = $5,
           access_expires_at = $6, installed_at = $7, disconnected_at = NULL, disconnect_reason = NULL`,
        [info.hubId, info.hubDomain, info.scopes, sealed.refresh, sealed.access, sealed.expiresAt, now],
      );
      result = await issueClaimCode(client, info.hubId, now);
    }
    await addJob(client, 'hubspot_setup_portal', { portalId: info.hubId }, { jobKey: `hubspot_setup:${info.hubId}` });
    return result;
  });
}

/** Drops a portal's tokens: its events are no longer taken and nothing is written to it. False when it had none (already disconnected). */
export async function disconnectPortal(pool: Pool, portalId: number, reason: 'cli' | 'uninstalled', now: Date): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, access_expires_at = NULL,
       disconnected_at = $2, disconnect_reason = $3
     WHERE portal_id = $1 AND ${HAS_TOKENS}`,
    [portalId, now, reason],
  );
  return (rowCount ?? 0) > 0;
}

/** What HubSpot did when `hubspot disconnect` asked it to let go of the portal. */
export type HubSpotRelease =
  /** The app was uninstalled from the portal (HubSpot e-mails its admins). */
  | { outcome: 'uninstalled' }
  /** The app could not be uninstalled (`problem` says why: an install from before the `oauth` scope, HubSpot down...), but the refresh token was revoked: the app no longer has access, yet stays listed in the portal until an admin uninstalls it there. */
  | { outcome: 'token_revoked'; problem: string }
  /** HubSpot already refused the portal's tokens: the app had been uninstalled there. */
  | { outcome: 'already_uninstalled' }
  /** Neither worked (`problem`): the tokens are dropped here all the same; an admin should uninstall the app in HubSpot. */
  | { outcome: 'failed'; problem: string };

/** What disconnecting says HubSpot did, for people (the CLI's `hubspot disconnect` and the dashboard). */
export const RELEASED: Record<HubSpotRelease['outcome'], string> = {
  uninstalled: 'the app was uninstalled from it in HubSpot (its admins get an e-mail)',
  token_revoked: 'HubSpot could not uninstall the app, but revoked its access: an admin should still uninstall the app in HubSpot (Settings, Integrations, Connected apps)',
  already_uninstalled: 'HubSpot had already uninstalled the app (it refused its tokens)',
  failed: 'HubSpot could not be reached or refused: an admin should uninstall the app in HubSpot (Settings, Integrations, Connected apps)',
};

/**
 * `hubspot disconnect` and `POST /hubspot/portals/{portal_id}/disconnect`: asks HubSpot to uninstall the
 * app from the portal, or, when that fails, to revoke the refresh token; then drops the tokens here
 * whatever HubSpot said, so the portal's contacts stop being taken at once. Undefined when the portal had
 * no tokens, or (given `accountId`, as the API gives the caller's) is not that account's.
 *
 * All of it happens in one transaction on the portal's locked row, conditioned on the account: a portal
 * another account claims meanwhile (a reinstall through its link, a claim code) waits for this one to
 * finish, or is found not this account's and left alone, and HubSpot is only ever asked with the tokens
 * of the row that was locked. The row stays locked through HubSpot's calls (each bounded), so those
 * tokens are used here rather than through AccessTokens, whose refresh would wait on this very lock.
 */
export async function disconnectWithHubSpot(pool: Pool, settings: HubSpotSettings, portalId: number, now: Date, options: { accountId?: number } = {}): Promise<HubSpotRelease | undefined> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ refresh_token: string | null; access_token: string | null; access_expires_at: Date | null }>(
      `SELECT refresh_token, access_token, access_expires_at FROM hubspot_portals
       WHERE portal_id = $1 AND ${HAS_TOKENS} AND ($2::bigint IS NULL OR account_id = $2) FOR UPDATE`,
      [portalId, options.accountId ?? null],
    );
    const row = rows[0];
    if (!row) return undefined;
    const release = await releaseFromHubSpot(settings, row, now);
    await client.query(
      `UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, access_expires_at = NULL, disconnected_at = $2, disconnect_reason = $3
       WHERE portal_id = $1`,
      [portalId, now, release.outcome === 'already_uninstalled' ? 'uninstalled' : 'cli'],
    );
    return release;
  });
}

/** Uninstalls the app with the portal's access token (refreshed first when due); when that fails, revokes its refresh token. */
async function releaseFromHubSpot(settings: HubSpotSettings, row: { refresh_token: string | null; access_token: string | null; access_expires_at: Date | null }, now: Date): Promise<HubSpotRelease> {
  let refreshToken = row.refresh_token === null ? undefined : settings.secrets.open(TOKEN_PURPOSE, row.refresh_token);
  const fresh = row.access_token !== null && row.access_expires_at !== null && row.access_expires_at.getTime() - now.getTime() > REFRESH_MARGIN_MS;
  let problem: string;
  try {
    let accessToken = fresh ? settings.secrets.open(TOKEN_PURPOSE, row.access_token!) : undefined;
    if (accessToken === undefined) {
      if (refreshToken === undefined) throw new Error('the portal has no refresh token to get an access token with');
      try {
        const tokens = await refreshTokens(settings, refreshToken);
        accessToken = tokens.accessToken;
        refreshToken = tokens.refreshToken;
      } catch (error) {
        if (refreshRefused(error)) return { outcome: 'already_uninstalled' };
        throw error;
      }
    }
    await uninstallApp(settings, accessToken);
    return { outcome: 'uninstalled' };
  } catch (error) {
    problem = (error as Error).message;
  }
  try {
    if (refreshToken === undefined) throw new Error('there is no refresh token to revoke');
    await revokeRefreshToken(settings, refreshToken);
    return { outcome: 'token_revoked', problem };
  } catch (revokeError) {
    return { outcome: 'failed', problem: `${problem}; ${(revokeError as Error).message}` };
  }
}

/** HubSpot refuses the refresh token of a portal that uninstalled the app (400 BAD_REFRESH_TOKEN / invalid_grant). */
function refreshRefused(error: unknown): boolean {
  return error instanceof HubSpotError && (error.status === 400 || error.status === 401) && /BAD_REFRESH_TOKEN|invalid_grant/i.test(JSON.stringify(error.body));
}

/**
 * Notices uninstalls in portals that make no calls: each portal with tokens gets its access token,
 * which refreshes one that is due (less than 5 minutes left), and HubSpot refusing the refresh token
 * disconnects the portal (`uninstalled`). A portal whose token is still fresh had it refreshed, or was
 * installed, within the last 25 minutes, so run hourly this notices an uninstall within 1.5 hours
 * (HubSpot stops sending its events at once, so its contacts stop coming before). A HubSpot failure
 * leaves the portal as it is until the next run.
 */
export async function checkInstalls(pool: Pool, tokens: AccessTokens): Promise<{ checked: number; uninstalled: number[]; failed: number }> {
  const { rows } = await pool.query<{ portal_id: string }>(`SELECT portal_id FROM hubspot_portals WHERE ${HAS_TOKENS} ORDER BY portal_id`);
  const uninstalled: number[] = [];
  let failed = 0;
  for (const row of rows) {
    const portalId = Number(row.portal_id);
    try {
      await tokens.get(portalId);
    } catch (error) {
      if (error instanceof PortalDisconnected) uninstalled.push(portalId);
      else if (error instanceof HubSpotError) failed++;
      else throw error;
    }
  }
  return { checked: rows.length, uninstalled, failed };
}

export async function listPortals(pool: Pool): Promise<(PortalRow & { claim_code_expires_at: Date | null })[]> {
  const { rows } = await pool.query<PortalRow & { claim_code_expires_at: Date | null }>(
    `SELECT portal_id, account_id, hub_domain, state, installed_at, disconnected_at, disconnect_reason, setup_at, connected_dispositions,
       (SELECT max(c.expires_at) FROM hubspot_claim_codes c WHERE c.portal_id = p.portal_id AND c.used_at IS NULL AND p.state = 'unclaimed') AS claim_code_expires_at
     FROM hubspot_portals p ORDER BY portal_id`,
  );
  return rows;
}

/** The portals an account has (connected, or disconnected with it), for `GET /hubspot/portals`. */
export async function accountPortals(pool: Pool, accountId: number): Promise<PortalRow[]> {
  const { rows } = await pool.query<PortalRow>(
    `SELECT portal_id, account_id, hub_domain, state, installed_at, disconnected_at, disconnect_reason, setup_at, connected_dispositions
     FROM hubspot_portals WHERE account_id = $1 ORDER BY portal_id`,
    [accountId],
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
 * A portal's access tokens, refreshed before they expire: the expiry HubSpot gave (`expires_in`) drives
 * the refresh, 5 minutes ahead; a 401 (`refused`) only makes the next use refresh early, as a safety net.
 * One refresh at a time per portal: in this process the callers of one portal share one refresh; across
 * processes the portal's row is locked while refreshing, and whoever waited reads the token the first
 * one stored. A portal waiting to be claimed has tokens too (its setup runs).
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
    if (!row || (row.state !== 'connected' && row.state !== 'unclaimed')) throw new PortalDisconnected(`HubSpot portal ${portalId} is not connected`);
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
      if (!row || (row.state !== 'connected' && row.state !== 'unclaimed') || !row.refresh_token) throw new PortalDisconnected(`HubSpot portal ${portalId} is not connected`);
      // Another process refreshed while this one waited for the lock.
      if (row.access_token && row.access_expires_at && this.#fresh(row.access_expires_at)) return this.#open(row.access_token);
      let tokens: Tokens;
      try {
        tokens = await refreshTokens(this.#settings, this.#open(row.refresh_token));
      } catch (error) {
        if (refreshRefused(error)) {
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
