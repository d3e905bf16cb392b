import { ConfigError, type Env, httpUrl, nonEmpty, type PlatformSettings, requireSecrets, type Secrets } from '@prospect-research/engine';

/**
 * The scopes the app asks for (DESIGN.md): read contacts, write our properties on them, create those
 * properties; `oauth`, which HubSpot's app templates require and its app-uninstall endpoint needs
 * (`hubspot disconnect` uninstalls the app from the portal); and `timeline`, which HubSpot requires
 * among the required scopes of an app with app events (the touches, replies and leads' ends on the
 * contact timeline: timeline/). Portals installed before it was asked for lack it until installed
 * again: their timeline sends nothing and says so in the log (README, "Timeline").
 */
export const DEFAULT_SCOPES = ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.write', 'oauth', 'timeline'];

/**
 * The scopes the app asks for when the admin allows them (HubSpot's `optional_scope`): `sales-email-read`,
 * without which HubSpot redacts the details of e-mail engagements, their subject included, so an
 * auto-reply logged in HubSpot can be told apart from a person's reply only with it. A portal that
 * leaves it out is installed all the same.
 */
export const DEFAULT_OPTIONAL_SCOPES = ['sales-email-read'];

export const HUBSPOT_API = 'https://api.hubapi.com';
export const HUBSPOT_AUTHORIZE = 'https://app.hubspot.com/oauth/authorize';

/** The routes the app serves (the developer-project files point HubSpot at them; a test checks both agree). */
export const ROUTES = {
  install: '/hubspot/install',
  callback: '/hubspot/oauth/callback',
  webhooks: '/hubspot/webhooks',
  /** What the app does, for CRM admins: the default of HUBSPOT_DOCS_URL. */
  help: '/hubspot/help',
  /** Behind an API key: an account claims a portal installed from HubSpot, and lists its portals. */
  claim: '/hubspot/portals/claim',
  portals: '/hubspot/portals',
  /** Owners only: a signed install link for the account (what `hubspot install-link` prints), and disconnecting one of its portals. */
  installLink: '/hubspot/install-link',
  disconnect: '/hubspot/portals/:portal_id/disconnect',
  /** Signed by HubSpot: the workflow actions' field options and executions (src/app/workflow-actions/). */
  workflowOptions: '/hubspot/workflow-actions/autopilots',
  workflowEnrol: '/hubspot/workflow-actions/enrol',
  workflowStop: '/hubspot/workflow-actions/stop',
  workflowResearch: '/hubspot/workflow-actions/research',
  /** Signed by HubSpot (the settings page's `hubspot.fetch`): the calling portal's settings, read and changed. */
  settings: '/hubspot/settings',
  /** Behind an API key: the same settings of one of the account's portals (changes: admins and owners). */
  portalSettings: '/hubspot/portals/:portal_id/settings',
  /** Signed by HubSpot (the app card's `hubspot.fetch`): a contact's card, and its `/research` and `/close` actions. */
  card: '/hubspot/card/contacts/:contact_id',
} as const;

export interface HubSpotSettings {
  /** `HUBSPOT_CLIENT_ID`, `HUBSPOT_CLIENT_SECRET`: the app's OAuth client; the secret also signs HubSpot's webhook requests. */
  clientId: string;
  clientSecret: string;
  /** `HUBSPOT_APP_ID`: webhook events and tokens of another app are refused. */
  appId: number;
  /** `HUBSPOT_REDIRECT_URL` (default `${PUBLIC_URL}/hubspot/oauth/callback`): must be one of the app's redirect URLs. */
  redirectUrl: string;
  /** `HUBSPOT_SCOPES` (default DEFAULT_SCOPES), space- or comma-separated. */
  scopes: string[];
  /** `HUBSPOT_OPTIONAL_SCOPES` (default DEFAULT_OPTIONAL_SCOPES; empty for none), space- or comma-separated: asked for, not required. */
  optionalScopes: string[];
  /** `HUBSPOT_API_BASE_URL` (default https://api.hubapi.com). */
  apiBaseUrl: string;
  /** `HUBSPOT_AUTHORIZE_URL` (default https://app.hubspot.com/oauth/authorize): HubSpot's consent page. */
  authorizeUrl: string;
  /** `PUBLIC_URL`: the install link's and the webhook URI's origin. */
  publicUrl: string;
  /** `HUBSPOT_DOCS_URL` (default `${PUBLIC_URL}/hubspot/help`, a page the app serves): what the app does, linked from the install pages. */
  docsUrl: string;
  /** `HUBSPOT_SUPPORT_URL` (an http(s) or `mailto:` address; default none): where CRM admins get help, linked from the install pages. */
  supportUrl: string | undefined;
  /**
   * `HUBSPOT_APP_EVENTS` (`true` or `false`, default false): the Autopilot's activity sent to the contact
   * timelines as app events (timeline/). Off until HubSpot has approved app events for the app and the
   * project with its app-events components is uploaded: before that HubSpot refuses every occurrence,
   * and each would be recorded as refused and never sent again. Off, nothing is sent and the portals'
   * cursors stay where they are.
   */
  appEvents: boolean;
  secrets: Secrets;
}

/** The app is on when HUBSPOT_CLIENT_ID is set; then the secret and the app id must be set too, and SECRET_KEY. */
export function hubspotSettings(env: Env, platform: PlatformSettings): HubSpotSettings | undefined {
  const clientId = nonEmpty(env.HUBSPOT_CLIENT_ID);
  const clientSecret = nonEmpty(env.HUBSPOT_CLIENT_SECRET);
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined) throw new ConfigError('HUBSPOT_CLIENT_SECRET is set but HUBSPOT_CLIENT_ID is not: set both (the app\'s "Auth" tab), or neither to switch the HubSpot app off');
  if (clientSecret === undefined) throw new ConfigError('HUBSPOT_CLIENT_ID is set but HUBSPOT_CLIENT_SECRET is not: set both (the app\'s "Auth" tab), or neither to switch the HubSpot app off');
  const rawAppId = nonEmpty(env.HUBSPOT_APP_ID);
  if (rawAppId === undefined || !/^[1-9][0-9]{0,15}$/.test(rawAppId)) {
    throw new ConfigError(`HUBSPOT_APP_ID must be the HubSpot app's numeric id (its URL in the developer account shows it), got ${rawAppId === undefined ? 'nothing' : `"${rawAppId}"`}`);
  }
  const scopes = scopeList(env, 'HUBSPOT_SCOPES') ?? DEFAULT_SCOPES;
  const optionalScopes = (scopeList(env, 'HUBSPOT_OPTIONAL_SCOPES') ?? DEFAULT_OPTIONAL_SCOPES).filter((scope) => !scopes.includes(scope));
  return {
    clientId,
    clientSecret,
    appId: Number(rawAppId),
    redirectUrl: httpUrl(env, 'HUBSPOT_REDIRECT_URL') ?? `${platform.publicUrl}${ROUTES.callback}`,
    scopes: [...new Set(scopes)],
    optionalScopes: [...new Set(optionalScopes)],
    apiBaseUrl: (httpUrl(env, 'HUBSPOT_API_BASE_URL') ?? HUBSPOT_API).replace(/\/+$/, ''),
    authorizeUrl: httpUrl(env, 'HUBSPOT_AUTHORIZE_URL') ?? HUBSPOT_AUTHORIZE,
    publicUrl: platform.publicUrl,
    docsUrl: httpUrl(env, 'HUBSPOT_DOCS_URL') ?? `${platform.publicUrl}${ROUTES.help}`,
    supportUrl: supportUrl(env),
    appEvents: flag(env, 'HUBSPOT_APP_EVENTS'),
    secrets: requireSecrets(platform.secretKey, 'The HubSpot app (HUBSPOT_CLIENT_ID)'),
  };
}

/** A `true`/`false` variable, false when unset. */
function flag(env: Env, name: 'HUBSPOT_APP_EVENTS'): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

/** `HUBSPOT_SUPPORT_URL`: an http(s) page or a `mailto:` address. */
function supportUrl(env: Env): string | undefined {
  const raw = nonEmpty(env.HUBSPOT_SUPPORT_URL);
  if (raw === undefined) return undefined;
  const url = URL.parse(raw);
  const ok = url !== null && ((url.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+$/.test(url.pathname)) || ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''));
  if (!ok) throw new ConfigError(`HUBSPOT_SUPPORT_URL must be an http:// or https:// address or a mailto: address, got "${raw}"`);
  return raw;
}

/** A list of HubSpot scopes from `name` (spaces or commas); undefined when unset. Set but blank is an empty list. */
function scopeList(env: Env, name: 'HUBSPOT_SCOPES' | 'HUBSPOT_OPTIONAL_SCOPES'): string[] | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const scopes = raw.split(/[\s,]+/).filter(Boolean);
  if (name === 'HUBSPOT_SCOPES' && scopes.length === 0) return undefined;
  const bad = scopes.find((scope) => !/^[a-z0-9._-]+$/i.test(scope));
  if (bad !== undefined) throw new ConfigError(`${name} lists HubSpot scopes separated by spaces or commas, such as crm.objects.contacts.read; "${bad}" is not one`);
  return scopes;
}
