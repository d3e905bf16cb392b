import { randomBytes } from 'node:crypto';
import { ROUTES, type HubSpotSettings } from '../settings.ts';

/** How long an install link from `hubspot install-link` works: long enough to send to a CRM admin. */
export const INSTALL_LINK_TTL_MS = 7 * 24 * 3600_000;
/** How long the OAuth `state` works: the admin's time on HubSpot's consent page. */
export const STATE_TTL_MS = 30 * 60_000;

type Verdict = { accountId: number } | { problem: 'invalid' | 'expired' };

/** `${PUBLIC_URL}/hubspot/install?account=..&expires=..&signature=..`: signed, so nobody links a portal to an account they picked. */
export function installLink(settings: Pick<HubSpotSettings, 'publicUrl' | 'secrets'>, accountId: number, now: Date): { url: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + INSTALL_LINK_TTL_MS) / 1000);
  const signature = settings.secrets.sign('hubspot-install-link', `${accountId}.${expires}`);
  const query = new URLSearchParams({ account: String(accountId), expires: String(expires), signature });
  return { url: `${settings.publicUrl}${ROUTES.install}?${query}`, expiresAt: new Date(expires * 1000) };
}

export function readInstallLink(settings: Pick<HubSpotSettings, 'secrets'>, query: Record<string, unknown>, now: Date): Verdict {
  const { account, expires, signature } = query;
  if (typeof account !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return { problem: 'invalid' };
  if (!/^[1-9][0-9]{0,15}$/.test(account) || !/^[0-9]{1,12}$/.test(expires)) return { problem: 'invalid' };
  if (!settings.secrets.verify('hubspot-install-link', `${account}.${expires}`, signature)) return { problem: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { problem: 'expired' };
  return { accountId: Number(account) };
}

/** The OAuth `state`: `account.expires.nonce.signature`, checked when HubSpot sends the admin back. */
export function makeState(settings: Pick<HubSpotSettings, 'secrets'>, accountId: number, now: Date): string {
  const body = `${accountId}.${Math.floor((now.getTime() + STATE_TTL_MS) / 1000)}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${settings.secrets.sign('hubspot-oauth-state', body)}`;
}

export function readState(settings: Pick<HubSpotSettings, 'secrets'>, state: unknown, now: Date): Verdict {
  if (typeof state !== 'string' || state.length > 200) return { problem: 'invalid' };
  const parts = state.split('.');
  if (parts.length !== 4 || !/^[1-9][0-9]{0,15}$/.test(parts[0]!) || !/^[0-9]{1,12}$/.test(parts[1]!)) return { problem: 'invalid' };
  if (!settings.secrets.verify('hubspot-oauth-state', parts.slice(0, 3).join('.'), parts[3]!)) return { problem: 'invalid' };
  if (Number(parts[1]) * 1000 <= now.getTime()) return { problem: 'expired' };
  return { accountId: Number(parts[0]) };
}

/** HubSpot's consent page for this app, coming back to the callback with `state`. */
export function authorizeUrl(settings: HubSpotSettings, state: string): string {
  const query = new URLSearchParams({ client_id: settings.clientId, redirect_uri: settings.redirectUrl, scope: settings.scopes.join(' '), state });
  return `${settings.authorizeUrl}?${query}`;
}
