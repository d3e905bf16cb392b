import type { Clock, HttpScopes, Logger, Pool } from '@prospect-research/engine';
import { ROUTES, type HubSpotSettings } from '../settings.ts';
import { parseEvents, storeEvents } from './events.ts';
import { signedUri, verifyV3 } from './signature.ts';

/** A batch of 100 events is about 30 KB; the engine's other routes take 16 KB. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
  log: Logger;
}

/**
 * `POST /hubspot/webhooks`: HubSpot's event batches. The body is read raw (the signature covers its
 * bytes as sent), verified, stored and handed to a job: the answer comes in milliseconds, well
 * under HubSpot's 5 seconds. Anything not signed by HubSpot for this app within 5 minutes is 401.
 */
export function webhookRoutes(open: HttpScopes['open'], { pool, settings, clock, log }: Dependencies): void {
  void open.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(ROUTES.webhooks, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const signed = verifyV3(
        settings.clientSecret,
        { method: request.method, uri: signedUri(settings.publicUrl, request.url), body, timestamp: header('x-hubspot-request-timestamp'), signature: header('x-hubspot-signature-v3') },
        clock.now(),
      );
      if (!signed) return reply.code(401).send({ error: 'invalid_signature' });
      const events = parseEvents(body);
      if (typeof events === 'string') {
        log.warn({ problem: events }, 'HubSpot webhook body refused');
        return reply.code(400).send({ error: 'invalid_body', message: events });
      }
      const { stored } = await storeEvents(pool, settings.appId, events, clock);
      if (stored < events.length) log.debug({ received: events.length, stored }, 'HubSpot events already stored, of another app or of a portal not connected');
      return reply.code(204).send();
    });
  });
}
