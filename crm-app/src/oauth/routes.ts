import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import { checkedByHandler, type Clock, getAccount, type HttpScopes, htmlResponse, type Logger, type Pool } from '@prospect-research/engine';
import Type from 'typebox';
import { exchangeCode, type TokenInfo, tokenInfo, type Tokens } from '../hubspotApi.ts';
import { HubSpotError } from '../hubspotError.ts';
import { connectFromHubSpot, linkPortal } from '../portals.ts';
import { ROUTES, type HubSpotSettings } from '../settings.ts';
import { authorizeUrl, browserCookie, browserNonce, installLinkId, makeState, readInstallLink, readState, sameBrowser } from './links.ts';
import { claimPage, conflictPage, helpPage, type Problem, PROBLEMS, problemPage, startPage, successPage } from './pages.ts';

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
  log: Logger;
}

const tags = ['HubSpot install'];
/** The statuses an install's pages answer with, each a page in words (pages.ts, PROBLEMS). */
const problemPages = {
  400: htmlResponse('A link, sign-in or answer that does not work'),
  404: htmlResponse("The link's account no longer exists"),
  409: htmlResponse('The portal or the link is connected elsewhere'),
  410: htmlResponse('The link has expired'),
  502: htmlResponse('HubSpot did not complete the connection'),
};

const SCHEMAS = {
  help: { summary: 'What the HubSpot app does', tags, operationId: 'getHubSpotHelp', response: { 200: htmlResponse('The page') } },
  install: {
    summary: 'Start an install from a link',
    description: 'The signed link `prospect-engine hubspot install-link` makes: a page that sends the admin to HubSpot to allow the app.',
    tags,
    operationId: 'startHubSpotInstall',
    // The signed link's parameters, as `installLink` makes them.
    querystring: checkedByHandler(
      Type.Object({
        account: Type.Optional(Type.String()),
        expires: Type.Optional(Type.String()),
        link: Type.Optional(Type.String()),
        signature: Type.Optional(Type.String()),
      }),
    ),
    response: { 200: htmlResponse('The page with the link to HubSpot'), ...problemPages },
  },
  callback: {
    summary: "HubSpot's OAuth callback",
    description: 'HubSpot sends the admin back here, after an install from a link or from HubSpot itself (which shows a claim code).',
    tags,
    operationId: 'completeHubSpotInstall',
    // A page answers every refusal (these routes answer HTML): the handler reads the parameters.
    querystring: checkedByHandler(Type.Object({ code: Type.Optional(Type.String()), state: Type.Optional(Type.String()), error: Type.Optional(Type.String()) })),
    response: { 200: htmlResponse('Connected (or the claim code to attach the portal with)'), ...problemPages },
  },
};

/** The value of cookie `name` in a request's Cookie header (the first, when sent twice), if any. */
function cookieOf(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  try {
    return parseCookie(header)[name];
  } catch {
    return undefined;
  }
}

async function accountName(pool: Pool, accountId: number): Promise<string | undefined> {
  try {
    return (await getAccount(pool, accountId)).name;
  } catch {
    return undefined;
  }
}

/**
 * Uses the state up: true the first time, false when it was used before. The states of earlier
 * installs that have expired (their signature refuses them anyway) are deleted on the way.
 */
async function useState(pool: Pool, stateId: string, expiresAt: Date, now: Date): Promise<boolean> {
  await pool.query('DELETE FROM hubspot_oauth_states WHERE expires_at < $1', [now]);
  const { rowCount } = await pool.query('INSERT INTO hubspot_oauth_states (state_id, used_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (state_id) DO NOTHING', [stateId, now, expiresAt]);
  return (rowCount ?? 0) > 0;
}

/**
 * `GET /hubspot/install` (the signed link from `hubspot install-link`), `GET /hubspot/oauth/callback`
 * (HubSpot sends the admin back, after an install from a link or from HubSpot itself) and
 * `GET /hubspot/help`. The install cookie is read and written with the `cookie` package (jshttp's, the
 * one @fastify/cookie wraps): a plugin registered from a module's routes would land in the engine's
 * API-key scope, where these open pages must not be.
 */
export function oauthRoutes(open: HttpScopes['open'], { pool, settings, clock, log }: Dependencies): void {
  const links = { docsUrl: settings.docsUrl, supportUrl: settings.supportUrl };
  const cookie = browserCookie(settings);
  // Not cached (a claim code is shown once), and no address of ours (with HubSpot's code in it) sent to the pages linked.
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);
  const refuse = (reply: FastifyReply, problem: Problem, detail?: string) => html(reply, problem.status, problemPage(problem, links, detail));

  open.get(ROUTES.help, { schema: SCHEMAS.help }, async (_request, reply) => html(reply, 200, helpPage(settings, links)));

  open.get(ROUTES.install, { schema: SCHEMAS.install }, async (request, reply) => {
    const query = request.query ?? {};
    const verdict = readInstallLink(settings, query, clock.now());
    if ('problem' in verdict) return refuse(reply, verdict.problem === 'expired' ? PROBLEMS.expiredLink : PROBLEMS.invalidLink);
    const name = await accountName(pool, verdict.accountId);
    if (name === undefined) return refuse(reply, PROBLEMS.unknownAccount);
    // The state is bound to this browser: only a callback that brings this cookie back can use it.
    // A browser that has the cookie keeps its nonce, so two install tabs open at once both work.
    const nonce = browserNonce(cookieOf(request.headers.cookie, cookie.name));
    reply.header('set-cookie', stringifySetCookie({ name: cookie.name, value: nonce, ...cookie.options }));
    const state = makeState(settings, { accountId: verdict.accountId, linkId: installLinkId(query) }, nonce, clock.now());
    return html(reply, 200, startPage(name, authorizeUrl(settings, state), settings, links));
  });

  open.get(ROUTES.callback, { schema: SCHEMAS.callback }, async (request, reply) => {
    const query = request.query ?? {};
    // HubSpot sends `error` (access_denied when the admin declines) instead of `code`.
    if (typeof query.error === 'string') return refuse(reply, PROBLEMS.denied);
    // No state: an install HubSpot started (its install URL, a marketplace listing).
    const fromHubSpot = query.state === undefined || query.state === '';
    let install: { accountId: number; linkId: string; name: string } | undefined;
    if (!fromHubSpot) {
      const verdict = readState(settings, query.state, clock.now());
      if ('problem' in verdict) return refuse(reply, verdict.problem === 'expired' ? PROBLEMS.expiredState : PROBLEMS.invalidState);
      if (!sameBrowser(verdict, cookieOf(request.headers.cookie, cookie.name))) return refuse(reply, PROBLEMS.otherBrowser);
      if (!validCode(query.code)) return refuse(reply, PROBLEMS.missingCode);
      if (!(await useState(pool, verdict.stateId, verdict.expiresAt, clock.now()))) return refuse(reply, PROBLEMS.usedState);
      const name = await accountName(pool, verdict.accountId);
      if (name === undefined) return refuse(reply, PROBLEMS.unknownAccount);
      install = { accountId: verdict.accountId, linkId: verdict.linkId, name };
    }
    if (!validCode(query.code)) return refuse(reply, PROBLEMS.missingCode);
    let tokens: Tokens;
    let info: TokenInfo;
    try {
      tokens = await exchangeCode(settings, query.code);
      info = await tokenInfo(settings, tokens.accessToken);
    } catch (error) {
      if (!(error instanceof HubSpotError)) throw error;
      log.warn({ status: error.status, err: error.message }, 'HubSpot token exchange failed');
      return refuse(reply, PROBLEMS.exchangeFailed);
    }
    if (info.appId !== settings.appId) {
      log.warn({ appId: info.appId, expected: settings.appId }, 'HubSpot token of another app');
      return refuse(reply, PROBLEMS.wrongApp);
    }

    if (install === undefined) {
      const connected = await connectFromHubSpot(pool, settings, info, tokens, clock.now());
      if ('again' in connected) {
        const name = await accountName(pool, connected.again);
        log.info({ portalId: info.hubId, accountId: connected.again, again: true, from: 'hubspot' }, 'HubSpot portal connected');
        return html(reply, 200, successPage(name ?? `#${connected.again}`, info.hubId, info.hubDomain, true, links));
      }
      log.info({ portalId: info.hubId, from: 'hubspot' }, 'HubSpot portal connected, waiting for an account to claim it');
      return html(reply, 200, claimPage(info.hubId, info.hubDomain, connected.claimCode, connected.expiresAt, links));
    }

    const linked = await linkPortal(pool, settings, install.accountId, install.linkId, info, tokens, clock.now());
    if ('conflict' in linked) {
      const conflict = conflictPage(info.hubId, links);
      return html(reply, conflict.status, conflict.html);
    }
    if ('linkUsed' in linked) {
      log.warn({ portalId: info.hubId, accountId: install.accountId, linkedPortal: linked.linkUsed }, 'HubSpot install link used for a second portal');
      return refuse(reply, PROBLEMS.linkUsed);
    }
    log.info({ portalId: info.hubId, accountId: install.accountId, again: linked.linked === 'again' }, 'HubSpot portal connected');
    return html(reply, 200, successPage(install.name, info.hubId, info.hubDomain, linked.linked === 'again', links));
  });
}

/** An authorization code worth sending to HubSpot: visible ASCII, at most 500 characters. */
const validCode = (code: unknown): code is string => typeof code === 'string' && /^[\x21-\x7e]{1,500}$/.test(code);
