import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseWebhook, UNIPILE_WEBHOOK_HEADER } from '../../../../integrations/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { seatOfUnipileAccount } from '../seats.ts';
import { handleAccountStatus, handleMessage, handleRelation, type InboundDeps } from './events.ts';

/** Where Unipile POSTs (the `request_url` the registration gives it, after PUBLIC_URL). */
export const WEBHOOK_PATH = '/unipile/webhooks';

/** A message webhook carries its text and a few attendees; nothing Unipile sends comes near this. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/** The header's value against the secret in constant time (both hashed first, so their lengths do not show either). */
export function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export interface WebhookDeps extends InboundDeps {
  /** `UNIPILE_WEBHOOK_SECRET`; without it every delivery is refused (503): none could be told from a forgery. */
  secret: string | undefined;
  /** Queues the catch-up of a seat Unipile reports connected again (the webhooks it missed meanwhile). */
  catchUpSoon(seatId: number): Promise<void>;
}

/**
 * `POST /unipile/webhooks`, an open route: Unipile's deliveries of the three sources, each proved by
 * the `Unipile-Auth` header it was registered with. 200 with what the event became (`result`), also
 * for events and shapes that are not read (`ignored`) and accounts that are no seat (`unknown_seat`):
 * Unipile retries anything else five times, and none of those would change. A body that is not JSON
 * is 400 (`invalid_json`); nothing a sender puts in a body is a 500.
 */
export function webhookRoutes(open: FastifyInstance, deps: WebhookDeps): void {
  open.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request) => {
    if (deps.secret === undefined) {
      throw new AppError('service_unavailable', { message: 'UNIPILE_WEBHOOK_SECRET is not set, so no delivery can be verified: set it and register the webhooks again' });
    }
    if (!secretMatches(request.headers[UNIPILE_WEBHOOK_HEADER.toLowerCase()], deps.secret)) {
      throw new AppError('invalid_webhook_secret', { message: `The ${UNIPILE_WEBHOOK_HEADER} header is missing or does not carry the engine's UNIPILE_WEBHOOK_SECRET` });
    }
    const event = parseWebhook(request.body);
    if (event.kind === 'ignored') {
      request.log.info({ why: event.why }, 'unipile webhook ignored');
      return { result: 'ignored', why: event.why };
    }
    if (event.kind === 'account_status') {
      const status = await handleAccountStatus(deps, event.unipileAccountId, event.status);
      if (status.kind === 'seat_connected') await deps.catchUpSoon(status.seatId!);
      return { result: status.kind, seat_id: status.seatId };
    }
    const unipileAccountId = event.kind === 'message' ? event.message.unipileAccountId : event.relation.unipileAccountId;
    const seat = await seatOfUnipileAccount(deps.db, unipileAccountId);
    if (!seat) return { result: 'unknown_seat' };
    const result = event.kind === 'message' ? await handleMessage(deps, seat, event.message, 'webhook') : await handleRelation(deps, seat, event.relation, 'webhook');
    return { result: result.kind, lead_id: result.leadId, why: result.why };
  });
}
