import { createHash, timingSafeEqual } from 'node:crypto';
import Type from 'typebox';
import { parseWebhook, UNIPILE_WEBHOOK_HEADER } from '../../../../integrations/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { errorCodes } from '../../../../platform/http/openapi/errorResponses.ts';
import { example } from '../../../../platform/http/openapi/example.ts';
import { checkedByHandler } from '../../../../platform/http/validation.ts';
import type { HttpScope } from '../../../../platform/module.ts';
import { webhookResultSchema } from '../contract.ts';
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

const WEBHOOK_SCHEMA = {
  summary: "Unipile's webhook deliveries",
  description: `Messages, relations and account statuses of the seats, each proved by the \`${UNIPILE_WEBHOOK_HEADER}\` header the webhooks were registered with.`,
  tags: ['Unipile'],
  operationId: 'receiveUnipileWebhook',
  // The secret is compared in constant time, and any body is answered (Unipile retries refusals): the handler reads both.
  headers: checkedByHandler(Type.Object({ [UNIPILE_WEBHOOK_HEADER.toLowerCase()]: Type.Optional(Type.String({ description: "The engine's UNIPILE_WEBHOOK_SECRET" })) })),
  body: checkedByHandler(example(Type.Object({ event: Type.Optional(Type.String()) }, { description: "Unipile's event, as it sends it" }), { event: 'message_received' })),
  errors: errorCodes('invalid_webhook_secret'),
  response: {
    200: example(webhookResultSchema, { result: 'reply', lead_id: 17, why: 'a reply in the thread of lead 17' }, 'What the event became'),
  },
};

/**
 * `POST /unipile/webhooks`, an open route: Unipile's deliveries of the three sources, each proved by
 * the `Unipile-Auth` header it was registered with. 200 with what the event became (`result`), also
 * for events and shapes that are not read (`ignored`) and accounts that are no seat (`unknown_seat`):
 * Unipile retries anything else five times, and none of those would change. A body that is not JSON
 * is 400 (`invalid_json`); nothing a sender puts in a body is a 500.
 */
export function webhookRoutes(open: HttpScope, deps: WebhookDeps): void {
  open.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES, schema: WEBHOOK_SCHEMA, config: { openLimit: 'webhooks' } }, async (request) => {
    if (deps.secret === undefined) {
      throw new AppError('service_unavailable', { message: 'UNIPILE_WEBHOOK_SECRET is not set, so no delivery can be verified: set it and register the webhooks again' });
    }
    if (!secretMatches(request.headers[UNIPILE_WEBHOOK_HEADER.toLowerCase()], deps.secret)) {
      throw new AppError('invalid_webhook_secret', { message: `The ${UNIPILE_WEBHOOK_HEADER} header is missing or does not carry the engine's UNIPILE_WEBHOOK_SECRET` });
    }
    const event = parseWebhook(request.body);
    if (event.kind === 'ignored') {
      request.log.info({ why: event.why }, 'unipile webhook ignored');
      return { result: 'ignored' as const, why: event.why };
    }
    if (event.kind === 'account_status') {
      const status = await handleAccountStatus(deps, event.unipileAccountId, event.status);
      if (status.kind === 'seat_connected') await deps.catchUpSoon(status.seatId!);
      return { result: status.kind, seat_id: status.seatId };
    }
    const unipileAccountId = event.kind === 'message' ? event.message.unipileAccountId : event.relation.unipileAccountId;
    const seat = await seatOfUnipileAccount(deps.db, unipileAccountId);
    if (!seat) return { result: 'unknown_seat' as const };
    const result = event.kind === 'message' ? await handleMessage(deps, seat, event.message, 'webhook') : await handleRelation(deps, seat, event.relation, 'webhook');
    return { result: result.kind, lead_id: result.leadId, why: result.why };
  });
}
