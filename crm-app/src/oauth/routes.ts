import { type Clock, getAccount, type HttpScopes, type Logger, type Pool } from '@prospect-research/engine';
import { exchangeCode, HubSpotError, tokenInfo } from '../hubspotApi.ts';
import { linkPortal } from '../portals.ts';
import { ROUTES, type HubSpotSettings } from '../settings.ts';
import { authorizeUrl, makeState, readInstallLink, readState } from './links.ts';
import { conflictPage, type Problem, PROBLEMS, problemPage, startPage, successPage } from './pages.ts';

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
  log: Logger;
}

type Query = Record<string, unknown>;

async function accountName(pool: Pool, accountId: number): Promise<string | undefined> {
  try {
    return (await getAccount(pool, accountId)).name;
  } catch {
    return undefined;
  }
}

/** `GET /hubspot/install` (the signed link from `hubspot install-link`) and `GET /hubspot/oauth/callback` (HubSpot sends the admin back). */
export function oauthRoutes(open: HttpScopes['open'], { pool, settings, clock, log }: Dependencies): void {
  const html = (reply: { code(status: number): { type(type: string): { send(body: string): unknown } } }, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);
  const refuse = (reply: Parameters<typeof html>[0], problem: Problem, detail?: string) => html(reply, problem.status, problemPage(problem, detail));

  open.get<{ Querystring: Query }>(ROUTES.install, async (request, reply) => {
    const verdict = readInstallLink(settings, request.query ?? {}, clock.now());
    if ('problem' in verdict) return refuse(reply, verdict.problem === 'expired' ? PROBLEMS.expiredLink : PROBLEMS.invalidLink);
    const name = await accountName(pool, verdict.accountId);
    if (name === undefined) return refuse(reply, PROBLEMS.unknownAccount);
    return html(reply, 200, startPage(name, authorizeUrl(settings, makeState(settings, verdict.accountId, clock.now())), settings.scopes));
  });

  open.get<{ Querystring: Query }>(ROUTES.callback, async (request, reply) => {
    const query = request.query ?? {};
    // HubSpot sends `error` (access_denied when the admin declines) instead of `code`.
    if (typeof query.error === 'string') return refuse(reply, PROBLEMS.denied);
    const verdict = readState(settings, query.state, clock.now());
    if ('problem' in verdict) return refuse(reply, verdict.problem === 'expired' ? PROBLEMS.expiredState : PROBLEMS.invalidState);
    if (typeof query.code !== 'string' || query.code === '' || query.code.length > 500) return refuse(reply, PROBLEMS.missingCode);
    const name = await accountName(pool, verdict.accountId);
    if (name === undefined) return refuse(reply, PROBLEMS.unknownAccount);
    let tokens, info;
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
    const linked = await linkPortal(pool, settings, verdict.accountId, info, tokens, clock.now());
    if ('conflict' in linked) {
      const conflict = conflictPage(info.hubId);
      return html(reply, conflict.status, conflict.html);
    }
    log.info({ portalId: info.hubId, accountId: verdict.accountId, again: linked.linked === 'again' }, 'HubSpot portal connected');
    return html(reply, 200, successPage(name, info.hubId, info.hubDomain, linked.linked === 'again'));
  });
}
