import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { HostedAccountReader, HostedAuthLinker, HostedAuthProvider, UnipileConnection } from '../../../integrations/index.ts';
import { hostedAccountReader, hostedAuthLinker, unipileFailure } from '../../../integrations/index.ts';
import { type Pool, type PoolClient, transaction } from '../../../platform/database/database.ts';
import { accountNotFound } from '../../../accounts/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { errorCodes } from '../../../platform/http/openapi/errorResponses.ts';
import { example } from '../../../platform/http/openapi/example.ts';
import { checkedByHandler, refusing } from '../../../platform/http/validation.ts';
import type { HttpScope } from '../../../platform/module.ts';
import { Secrets } from '../../../platform/secrets.ts';
import { type Clock, isoWithOffset } from '../../../platform/time.ts';
import { type Refusal, shown } from '../../../platform/validation/index.ts';
import { type HostedAuthResult, hostedAuthNotificationSchema, hostedAuthResultSchema, type SeatChannel, type SeatConnect, seatConnectLinkSchema, seatConnectSchema } from './contract.ts';
import { connectToken, type ConnectGrant, readConnectToken } from './connectToken.ts';
import { tokenConnected, usedToken, useToken } from './connectTokensUsed.ts';
import { checkSeatRules, createSeatIn, invalidSeat, loadSeat, seatInputRefusal, seatOfUnipileAccount } from './seats.ts';
import { setSeatStatus } from './seatStatus.ts';

/** Where Unipile POSTs once a hosted authentication link connected an account (after PUBLIC_URL). */
export const NOTIFY_PATH = '/unipile/hosted-auth/notify';
/** Where the person lands after Unipile's wizard: the dashboard's Channels page, told how it went. */
export const CHANNELS_PAGE = '/app/channels';

/** A link lives an hour; its token a quarter of an hour more, for Unipile's notification to arrive. */
export const LINK_LIFETIME_MS = 60 * 60_000;
export const NOTIFY_GRACE_MS = 15 * 60_000;
/** How far Unipile's clock may be from ours when its `created_at` is compared with a link's lifetime. */
const CLOCK_SKEW_MS = 5 * 60_000;

const PROVIDERS: Record<SeatChannel, HostedAuthProvider> = { linkedin: 'LINKEDIN', whatsapp: 'WHATSAPP', telegram: 'TELEGRAM' };

/** `POST /seats/connect`'s body: a seat's own rules, and a new seat's label and zone (a reconnected seat keeps its own). */
const connectRefusal: Refusal = {
  ...seatInputRefusal,
  rules(value, problems) {
    const body = value as Partial<SeatConnect>;
    checkSeatRules(body, problems);
    if (body.seat_id !== undefined) return;
    for (const field of ['label', 'time_zone'] as const) {
      if (body[field] === undefined) problems.error(`/${field}`, `"${field}" is needed for a new seat`);
    }
  },
};

const tags = ['Seats'];
const SCHEMAS = {
  connect: {
    summary: "Connect a seat through Unipile's hosted authentication",
    description:
      "Answers a link to Unipile's hosted authentication wizard, for a new seat (its label, time zone, window, days and limits, as `PATCH /seats/{id}` changes them) or to reconnect `seat_id`. Once the person connects their account there, Unipile notifies the engine, which adds (or reconnects) the seat with the account id Unipile gives, bound to this account: the id is never typed in. Owners only.",
    tags,
    operationId: 'connectSeat',
    body: refusing(example(seatConnectSchema, { channel: 'linkedin', label: 'Anna (LinkedIn)', time_zone: 'Europe/Berlin', invitations_per_day: 60 }), connectRefusal),
    errors: errorCodes('invalid_seat', 'seat_not_found', 'secret_key_missing', 'unipile_unavailable'),
    response: { 200: example(seatConnectLinkSchema, { url: 'https://account.unipile.com/pDkGnhpXW9Zc1vVOjR5tJQ', expires_at: '2026-11-27T11:00:00.000+01:00' }, "Unipile's link") },
  },
  notify: {
    summary: "Unipile's hosted authentication notifications",
    description:
      "Where Unipile tells the engine that a hosted authentication link connected an account. No API key: the `name` it gives back is the token the engine signed with the link, which names the account and channel (or seat) it was for; a forged or expired one is refused. The engine then asks Unipile for the account (`GET /api/v1/accounts/{account_id}`) and attaches it only when its `name` is that token (or, for a reconnection, it is the seat's own account): an `account_id` alone proves nothing. A token connects once: a second notification with it is refused and changes nothing. When Unipile cannot be asked, nothing is attached and the answer is 502, so the notification can be sent again.",
    tags: ['Unipile'],
    operationId: 'receiveHostedAuthNotification',
    body: checkedByHandler(example(hostedAuthNotificationSchema, { status: 'CREATION_SUCCESS', account_id: 'Xk2v9QmTRe6yJ0aLbC1d', name: 'eyJhY2NvdW50SWQiOjF9.c2lnbmF0dXJl' })),
    errors: errorCodes('invalid_connect_token', 'connect_token_used', 'unipile_account_unverified', 'unipile_unavailable', 'invalid_seat', 'account_not_found', 'secret_key_missing'),
    response: { 200: example(hostedAuthResultSchema, { result: 'seat_created', seat_id: 2 }, 'What the notification became') },
  },
};

export interface ConnectDeps {
  pool: Pool;
  clock: Clock;
  secretKey: Buffer | undefined;
  /** `PUBLIC_URL`: where Unipile notifies and the person comes back. */
  publicUrl: string;
  /** The Unipile workspace; undefined while UNIPILE_API_KEY is unset. */
  connection: UnipileConnection | undefined;
  /** Asks Unipile for a link (its own client for the workspace by default). */
  linker?: HostedAuthLinker;
  /** Asks Unipile for a connected account, to check a notification (its own client for the workspace by default). */
  accountReader?: HostedAccountReader;
  /** Queues the catch-up of a seat connected again (the webhooks it missed meanwhile), as Unipile's account status does. */
  catchUpSoon?: (seatId: number) => Promise<unknown>;
}

function secretsOf(secretKey: Buffer | undefined): Secrets {
  if (secretKey === undefined) {
    throw new AppError('secret_key_missing', {
      message: 'Connecting a seat signs its link with SECRET_KEY, which this engine does not have: set SECRET_KEY (openssl rand -base64 32) and restart it',
    });
  }
  return new Secrets(secretKey);
}

/**
 * `POST /seats/connect` (owners, behind an API key or the sign-in) and `POST /unipile/hosted-auth/notify`
 * (open, proved by its token): seats connected through Unipile's hosted authentication, so that a seat is
 * bound to the account that started the link and its Unipile account id is never typed in.
 */
export function connectRoutes(withApiKey: HttpScope, open: HttpScope, deps: ConnectDeps): void {
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  withApiKey.post('/seats/connect', { bodyLimit: 16 * 1024, schema: SCHEMAS.connect, config: { role: 'owner' } }, async (request) => {
    const accountId = request.holder.account.id;
    const body = request.body;
    const secrets = secretsOf(deps.secretKey);
    if (!deps.connection) throw new AppError('unipile_unavailable', { message: 'UNIPILE_API_KEY is not set on this engine, so no seat can be connected through Unipile' });
    const reconnecting = body.seat_id === undefined ? undefined : await loadSeat(deps.pool, accountId, body.seat_id);
    if (reconnecting && reconnecting.channel !== body.channel) {
      throw invalidSeat([{ severity: 'error', path: '/channel', message: `Seat ${reconnecting.id} is on ${reconnecting.channel}, not ${body.channel}` }]);
    }
    const now = deps.clock.now();
    const expiresOn = new Date(now.getTime() + LINK_LIFETIME_MS);
    const { channel, seat_id: _seatId, ...settings } = body;
    const grant: ConnectGrant = {
      accountId,
      channel,
      seatId: reconnecting?.id ?? null,
      seat: reconnecting ? null : (settings as ConnectGrant['seat']),
      expiresAt: expiresOn.getTime() + NOTIFY_GRACE_MS,
    };
    const linker = deps.linker ?? hostedAuthLinker(deps.connection);
    try {
      const url = await linker(
        {
          type: reconnecting ? 'reconnect' : 'create',
          providers: [PROVIDERS[channel]],
          expiresOn,
          notifyUrl: `${publicUrl}${NOTIFY_PATH}`,
          name: connectToken(secrets, grant),
          successRedirectUrl: `${publicUrl}${CHANNELS_PAGE}?seat=connected`,
          failureRedirectUrl: `${publicUrl}${CHANNELS_PAGE}?seat=failed`,
          ...(reconnecting ? { reconnectAccount: reconnecting.unipileAccountId } : {}),
        },
        AbortSignal.timeout(20_000),
      );
      return { url, expires_at: isoWithOffset(expiresOn) };
    } catch (error) {
      const failure = unipileFailure(error);
      request.log.warn({ failure }, 'unipile hosted auth link refused');
      throw new AppError('unipile_unavailable', { message: `Unipile did not give a link: ${failure.detail}` });
    }
  });

  open.post(NOTIFY_PATH, { bodyLimit: 16 * 1024, schema: SCHEMAS.notify, config: { openLimit: 'webhooks' } }, async (request): Promise<HostedAuthResult> => {
    const secrets = secretsOf(deps.secretKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = readConnectToken(secrets, body.name, deps.clock.now());
    if (token.kind === 'forged') throw new AppError('invalid_connect_token', { message: 'The notification carries no token this engine signed' });
    if (token.kind === 'expired') throw new AppError('invalid_connect_token', { message: 'The link this notification is for has expired: start the connection again from the dashboard' });
    const { grant } = token;
    const name = body.name as string;
    const unipileAccountId = body.account_id;
    if (body.status !== 'CREATION_SUCCESS' && body.status !== 'RECONNECTED') return { result: 'ignored', why: `status ${shown(body.status)} connects nothing` };
    if (typeof unipileAccountId !== 'string' || unipileAccountId.trim() === '') return { result: 'ignored', why: 'the notification names no account_id' };
    if (unipileAccountId.length > 200) return { result: 'ignored', why: 'the account_id is longer than a Unipile account id (200 characters at most)' };
    // A replay is refused before Unipile is asked; the transaction below is what decides.
    const used = await usedToken(deps.pool, name);
    if (used) throw tokenUsed(used.seatId);
    await verifyAccount(deps, grant, name, unipileAccountId, request.log);
    const at = deps.clock.now();
    const outcome = await transaction(deps.pool, async (client) => {
      // The account that asked may have been removed since the link was made.
      const { rowCount } = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [grant.accountId]);
      if (rowCount === 0) throw accountNotFound(grant.accountId);
      if (!(await useToken(client, { token: name, accountId: grant.accountId, unipileAccountId, expiresAt: grant.expiresAt, at }))) {
        throw tokenUsed((await usedToken(client, name))?.seatId ?? null);
      }
      const result = grant.seatId === null ? await addSeat(client, deps, grant, unipileAccountId) : await reconnectSeat(client, deps, grant, grant.seatId, unipileAccountId, at);
      if (result.seat_id !== undefined) await tokenConnected(client, name, result.seat_id);
      return result;
    });
    if (outcome.result === 'seat_reconnected') await deps.catchUpSoon?.(outcome.seat_id!);
    return outcome;
  });
}

/** A second notification with a token that connected already. */
function tokenUsed(seatId: number | null): AppError {
  const connected = seatId === null ? 'has been used already' : `connected seat ${seatId} already`;
  return new AppError('connect_token_used', {
    message: `The link this notification is for ${connected}: a link connects one seat, once, and this notification changes nothing. To connect another account, start the connection again from the dashboard`,
  });
}

/**
 * Asks Unipile for the account the notification names, and accepts it only when its `name` is the
 * token given with the link (compared in constant time): Unipile gave it that name when the link
 * connected it, and no one else has the token. An account under a name of its own (none of our links')
 * is accepted for a new seat when Unipile connected it while the link was open. A reconnection may also name the seat's
 * own account (the one the link was made to reconnect), whatever its name. Unipile not answering refuses with 502, so
 * that it sends the notification again; nothing is attached meanwhile.
 */
async function verifyAccount(deps: ConnectDeps, grant: ConnectGrant, token: string, unipileAccountId: string, log: FastifyBaseLogger): Promise<void> {
  if (!deps.connection) {
    throw new AppError('unipile_unavailable', { message: 'UNIPILE_API_KEY is not set on this engine, so the account Unipile names cannot be checked with it: nothing was connected' });
  }
  const reader = deps.accountReader ?? hostedAccountReader(deps.connection);
  let account: Awaited<ReturnType<HostedAccountReader>>;
  try {
    account = await reader(unipileAccountId, AbortSignal.timeout(20_000));
  } catch (error) {
    const failure = unipileFailure(error);
    log.warn({ failure }, 'unipile account lookup failed');
    throw new AppError('unipile_unavailable', {
      message: `Unipile could not be asked about the account ${shown(unipileAccountId)} (${failure.detail}): nothing was connected, and the notification can be sent again`,
    });
  }
  // An id that is no account's path (`.`, `..`) reaches another endpoint: only the account asked for counts.
  if (account === null || account.id !== unipileAccountId) throw new AppError('unipile_account_unverified', { message: `Unipile knows no account ${shown(unipileAccountId)}: nothing was connected` });
  if (account.name !== null && sameText(account.name, token)) return;
  // Unipile's docs promise the link's name back in the notification, not that the account keeps it. An
  // account named by another of our links was connected by that link; one named otherwise (say, after
  // its person) counts for a new seat only if Unipile connected it while this link was open: its id,
  // random and seen by no one but Unipile and the person connecting, came with the notification.
  const namedByAnotherLink = account.name !== null && readConnectToken(secretsOf(deps.secretKey), account.name, deps.clock.now()).kind !== 'forged';
  const linkOpenedAt = grant.expiresAt - NOTIFY_GRACE_MS - LINK_LIFETIME_MS;
  if (grant.seatId === null && !namedByAnotherLink && account.createdAt !== null && account.createdAt >= linkOpenedAt - CLOCK_SKEW_MS && account.createdAt <= grant.expiresAt + CLOCK_SKEW_MS) {
    log.info({ unipileAccountId }, 'unipile account connected while its link was open, under a name of its own: accepted');
    return;
  }
  if (grant.seatId !== null) {
    const seat = await loadSeat(deps.pool, grant.accountId, grant.seatId).catch(() => undefined);
    if (seat?.unipileAccountId === unipileAccountId) return;
  }
  throw new AppError('unipile_account_unverified', {
    message: `The Unipile account ${shown(unipileAccountId)} was not connected by this link (its name in Unipile is not the link's token): nothing was connected`,
  });
}

/** Equal texts, compared in constant time (over their digests, so their lengths tell nothing either). */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A new seat for the grant's account, in the transaction that uses the token up; `unchanged` when the account is already its seat. */
async function addSeat(client: PoolClient, deps: ConnectDeps, grant: ConnectGrant, unipileAccountId: string): Promise<HostedAuthResult> {
  const seat = await seatOfUnipileAccount(client, unipileAccountId);
  if (seat && seat.accountId === grant.accountId && seat.channel === grant.channel) return { result: 'unchanged', seat_id: seat.id, why: 'the account is this seat already' };
  const created = await createSeatIn(client, grant.accountId, { ...grant.seat!, channel: grant.channel, unipile_account_id: unipileAccountId } as Parameters<typeof createSeatIn>[2], deps.clock);
  return { result: 'seat_created', seat_id: created.id };
}

/** The grant's seat, connected again (as Unipile's account status would say), with the account id Unipile gives, in the transaction that uses the token up. */
async function reconnectSeat(client: PoolClient, deps: ConnectDeps, grant: ConnectGrant, seatId: number, unipileAccountId: string, at: Date): Promise<HostedAuthResult> {
  const seat = await loadSeat(client, grant.accountId, seatId).catch(() => undefined);
  if (!seat) return { result: 'ignored', why: `seat ${seatId} was removed since the link was made` };
  if (seat.unipileAccountId !== unipileAccountId) {
    await client
      .query('UPDATE autopilot_seats SET unipile_account_id = $3, updated_at = now() WHERE account_id = $1 AND id = $2', [grant.accountId, seatId, unipileAccountId])
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505')
          throw invalidSeat([{ severity: 'error', path: '/account_id', message: `The Unipile account ${shown(unipileAccountId)} is already another seat` }]);
        throw error;
      });
  }
  const changed = await setSeatStatus(client, { unipileAccountId, status: 'connected', detail: null, at });
  return changed ? { result: 'seat_reconnected', seat_id: seatId } : { result: 'unchanged', seat_id: seatId, why: 'the seat is connected already' };
}
