import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROUTES, type HubSpotSettings } from '../settings.ts';

/** How long an install link from `hubspot install-link` works: long enough to send to a CRM admin. */
export const INSTALL_LINK_TTL_MS = 7 * 24 * 3600_000;
/** How long the OAuth `state` works: the admin's time on HubSpot's consent page. */
export const STATE_TTL_MS = 30 * 60_000;
/** How long the browser cookie the state is bound to lives: as long as a state made with it. */
export const BROWSER_COOKIE_TTL_MS = STATE_TTL_MS;

type Problem = { problem: 'invalid' | 'expired' };

/** A valid install link: the account it connects a portal to, and its id (a link connects one portal). */
export interface InstallLink {
  accountId: number;
  linkId: string;
}

/** A valid OAuth `state`: the install link it came from and the browser it was made for. */
export interface InstallState extends InstallLink {
  /** The state's own id: it is used once. */
  stateId: string;
  expiresAt: Date;
  /** A digest of the browser cookie's nonce (see `browserBinding`). */
  browser: string;
}

/** A 128-bit digest, base64url (22 characters), of `text` for `purpose`. */
function digest(purpose: string, text: string): string {
  return createHash('sha256').update(`${purpose}:${text}`).digest('base64url').slice(0, 22);
}

/**
 * `${PUBLIC_URL}/hubspot/install?account=..&expires=..&link=..&signature=..`: signed, so nobody links a
 * portal to an account they picked; `link` (random) makes each link one of its own, which connects one portal.
 */
export function installLink(settings: Pick<HubSpotSettings, 'publicUrl' | 'secrets'>, accountId: number, now: Date): { url: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + INSTALL_LINK_TTL_MS) / 1000);
  const link = randomBytes(9).toString('base64url');
  const signature = settings.secrets.sign('hubspot-install-link', `${accountId}.${expires}.${link}`);
  const query = new URLSearchParams({ account: String(accountId), expires: String(expires), link, signature });
  return { url: `${settings.publicUrl}${ROUTES.install}?${query}`, expiresAt: new Date(expires * 1000) };
}

/**
 * The account of a signed install link that has not expired. Links made before links had their own
 * `link` (signed over account and expiry only) still work until they expire.
 */
export function readInstallLink(settings: Pick<HubSpotSettings, 'secrets'>, query: Record<string, unknown>, now: Date): { accountId: number } | Problem {
  const { account, expires, link, signature } = query;
  if (typeof account !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return { problem: 'invalid' };
  if (!/^[1-9][0-9]{0,15}$/.test(account) || !/^[0-9]{1,12}$/.test(expires)) return { problem: 'invalid' };
  if (link !== undefined && (typeof link !== 'string' || !/^[A-Za-z0-9_-]{12}$/.test(link))) return { problem: 'invalid' };
  if (!settings.secrets.verify('hubspot-install-link', link === undefined ? `${account}.${expires}` : `${account}.${expires}.${link}`, signature)) return { problem: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { problem: 'expired' };
  return { accountId: Number(account) };
}

/** An install link's id: a digest of its signature (which `readInstallLink` checked), so no two links share one. */
export function installLinkId(query: Record<string, unknown>): string {
  return digest('link', String(query.signature));
}

/**
 * The install cookie: a random nonce, HttpOnly, SameSite=Lax (HubSpot sends the admin back with a
 * top-level GET from its own site, which Lax lets through), Secure and `__Host-` prefixed (so no other
 * host of the domain can set it) when PUBLIC_URL is https.
 */
export function browserCookie(settings: Pick<HubSpotSettings, 'publicUrl'>): { name: string; options: { httpOnly: true; secure: boolean; sameSite: 'lax'; path: string; maxAge: number } } {
  const secure = settings.publicUrl.startsWith('https:');
  return {
    name: secure ? '__Host-prospect_hubspot_install' : 'prospect_hubspot_install',
    options: { httpOnly: true, secure, sameSite: 'lax', path: secure ? '/' : '/hubspot', maxAge: BROWSER_COOKIE_TTL_MS / 1000 },
  };
}

const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** The browser's nonce from its cookie when it has a well-formed one (so two install tabs share it), else a new one. */
export function browserNonce(cookie: unknown): string {
  return typeof cookie === 'string' && NONCE.test(cookie) ? cookie : randomBytes(32).toString('base64url');
}

/** What a state carries of the browser's nonce: a digest, so the state (which HubSpot's URLs show) never reveals the cookie. */
export function browserBinding(nonce: string): string {
  return digest('browser', nonce);
}

/** Whether the cookie the browser sent is the one `state` was made for. */
export function sameBrowser(state: InstallState, cookie: unknown): boolean {
  if (typeof cookie !== 'string' || !NONCE.test(cookie)) return false;
  const expected = Buffer.from(state.browser);
  const given = Buffer.from(browserBinding(cookie));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The OAuth `state`: `account.expires.link.browser.id.signature`, checked when HubSpot sends the admin
 * back: signed, bound to the browser that opened the install link, naming the link and an id of its own.
 */
export function makeState(settings: Pick<HubSpotSettings, 'secrets'>, link: InstallLink, nonce: string, now: Date): string {
  const expires = Math.floor((now.getTime() + STATE_TTL_MS) / 1000);
  const body = `${link.accountId}.${expires}.${link.linkId}.${browserBinding(nonce)}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${settings.secrets.sign('hubspot-oauth-state', body)}`;
}

const DIGEST = /^[A-Za-z0-9_-]{22}$/;

export function readState(settings: Pick<HubSpotSettings, 'secrets'>, state: unknown, now: Date): InstallState | Problem {
  if (typeof state !== 'string' || state.length > 300) return { problem: 'invalid' };
  const parts = state.split('.');
  if (parts.length !== 6) return { problem: 'invalid' };
  const [account, expires, linkId, browser, id, signature] = parts as [string, string, string, string, string, string];
  if (!/^[1-9][0-9]{0,15}$/.test(account) || !/^[0-9]{1,12}$/.test(expires) || !DIGEST.test(linkId) || !DIGEST.test(browser) || !/^[A-Za-z0-9_-]{16}$/.test(id)) return { problem: 'invalid' };
  if (!settings.secrets.verify('hubspot-oauth-state', parts.slice(0, 5).join('.'), signature)) return { problem: 'invalid' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { problem: 'expired' };
  return { accountId: Number(account), linkId, browser, stateId: id, expiresAt };
}

/** HubSpot's consent page for this app, coming back to the callback with `state`. */
export function authorizeUrl(settings: HubSpotSettings, state: string): string {
  const query = new URLSearchParams({ client_id: settings.clientId, redirect_uri: settings.redirectUrl, scope: settings.scopes.join(' '), state });
  if (settings.optionalScopes.length > 0) query.set('optional_scope', settings.optionalScopes.join(' '));
  return `${settings.authorizeUrl}?${query}`;
}
