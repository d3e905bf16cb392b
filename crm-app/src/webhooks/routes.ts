import { Readable } from 'node:stream';
import { checkedByHandler, type Clock, errorCodes, example, type HttpScopes, type Logger, type Pool } from '@prospect-research/engine';
import type { FastifySchema } from 'fastify';
import Type from 'typebox';
import { ROUTES, type HubSpotSettings } from '../settings.ts';
import { parseEvents, storeEvents, type WebhookEvent } from './events.ts';
import { signedUri, verifyV3 } from './signature.ts';
import { headerOf, rawBody } from '../signed/rawBody.ts';

/** A batch of 100 events is about 30 KB; the engine's other routes take 16 KB. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
  log: Logger;
}

/** The events of a verified body, kept by the route's preParsing hook. */
const EVENTS = Symbol('hubspot events');

const WEBHOOK_SCHEMA = {
  summary: "HubSpot's webhook events",
  description: 'Contact and engagement events in batches, signed by HubSpot (`X-HubSpot-Signature-v3`); stored and handed to a job, answered in milliseconds.',
  tags: ['HubSpot webhooks'],
  operationId: 'receiveHubSpotWebhook',
  // The signature covers the body's bytes: it is verified, and the body read, by the handler.
  headers: checkedByHandler(Type.Object({ 'x-hubspot-signature-v3': Type.Optional(Type.String()), 'x-hubspot-request-timestamp': Type.Optional(Type.String()) })),
  body: checkedByHandler(
    example(Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'A batch of events, as HubSpot sends it' }), [
      { eventId: 1, subscriptionType: 'contact.creation', portalId: 12345, appId: 777, occurredAt: 1764237600000, objectId: 1201 },
    ]),
  ),
  errors: errorCodes('invalid_body', 'payload_too_large', { code: 'invalid_signature', status: 401 }),
  response: {
    204: Type.Null({ description: 'Stored' }),
  },
};

/**
 * `POST /hubspot/webhooks`: HubSpot's event batches. The body's bytes are read as sent (the signature
 * covers them) and verified before anything parses them, then read as events (a body nested too deep
 * is refused before it is parsed), stored and handed to a job: the answer comes in milliseconds, well
 * under HubSpot's 5 seconds. Anything not signed by HubSpot for this app within 5 minutes is 401,
 * whatever its body; a signed body that is not a batch of events is 400 `invalid_body`.
 */
export function webhookRoutes(open: HttpScopes['open'], { pool, settings, clock, log }: Dependencies): void {
  open.post(
    ROUTES.webhooks,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // HubSpot's deliveries: the engine's generous per-address limit for webhooks (RATE_LIMIT_WEBHOOKS_PER_MINUTE).
      config: { openLimit: 'webhooks' },
      // As a plain schema, giving no types: the route answers its refusals itself, before its body is parsed.
      schema: WEBHOOK_SCHEMA as FastifySchema,
      async preParsing(request, reply, payload) {
        const raw = await rawBody(payload, WEBHOOK_BODY_LIMIT);
        if (raw === undefined) return reply.code(413).send({ error: 'payload_too_large' });
        const header = (name: string) => headerOf(request, name);
        const signed = verifyV3(
          settings.clientSecret,
          { method: request.method, uri: signedUri(settings.publicUrl, request.url), body: raw, timestamp: header('x-hubspot-request-timestamp'), signature: header('x-hubspot-signature-v3') },
          clock.now(),
        );
        if (!signed) return reply.code(401).send({ error: 'invalid_signature' });
        // Read here, before the engine's JSON parser, so that every signed body it refuses is answered in the route's words.
        const events = parseEvents(raw);
        if (typeof events === 'string') {
          log.warn({ problem: events }, 'HubSpot webhook body refused');
          return reply.code(400).send({ error: 'invalid_body', message: events });
        }
        (request as unknown as Record<symbol, WebhookEvent[]>)[EVENTS] = events;
        return Readable.from([Buffer.from(raw)]);
      },
    },
    async (request, reply) => {
      const events = (request as unknown as Record<symbol, WebhookEvent[] | undefined>)[EVENTS];
      if (events === undefined) return reply.code(401).send({ error: 'invalid_signature' });
      const { stored } = await storeEvents(pool, settings.appId, events, clock);
      if (stored < events.length) log.debug({ received: events.length, stored }, 'HubSpot events already stored, of another app or of a portal not connected');
      return reply.code(204).send();
    },
  );
}
