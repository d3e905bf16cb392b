import { fileURLToPath } from 'node:url';
import type { MailAccess } from '../mailboxes/index.ts';
import { boolean, type Env, integer } from '../platform/env.ts';
import type { CommandContext, FeatureModule } from '../platform/module.ts';
import type { SafeFetchOptions } from '../platform/net/safeFetch.ts';
import { Secrets } from '../platform/secrets.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { creditAlertAccess, creditAlerts } from './creditAlerts/creditAlerts.ts';
import { deliverWebhooks } from './delivery.ts';
import { EVENTS_ERRORS } from './errors.ts';
import { deleteOldEvents } from './feed.ts';
import { eventsRoutes } from './routes.ts';
import './tasks.ts';

export interface EventsSettings {
  /** `WEBHOOKS_ALLOW_PRIVATE_TARGETS` (default false): webhook targets on private addresses and any port (n8n on the engine's own network). */
  allowPrivateTargets: boolean;
  /** `EVENTS_RETENTION_DAYS` (default 30): how long `GET /events` keeps events. */
  retentionDays: number;
  secrets: Secrets | undefined;
  /** How credit alerts reach the account's mailbox (its password, the mailboxes' `EMAIL_ALLOW_PRIVATE_HOSTS`). */
  mailAccess: MailAccess;
}

export interface EventsModuleOptions {
  clock?: Clock;
  /** Tests only: what delivery's safeFetch lets through besides (a test receiver on 127.0.0.1). */
  fetchOptions?: Pick<SafeFetchOptions, 'allowAddress' | 'allowPorts' | 'lookup'>;
}

export function eventsSettings(env: Env, platform: PlatformSettings): EventsSettings {
  const secrets = platform.secretKey ? new Secrets(platform.secretKey) : undefined;
  return {
    allowPrivateTargets: boolean(env, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS', false),
    retentionDays: integer(env, 'EVENTS_RETENTION_DAYS', 30, { min: 1, max: 3650 }),
    secrets,
    mailAccess: creditAlertAccess(env, secrets),
  };
}

/**
 * Lead events (docs/events.md): an outbox the database's triggers write in the same transaction as each
 * change of a contact, lead or touch; `GET /events` to page through them; webhook subscriptions
 * (`/webhooks`) each delivered in order by a graphile-worker job, signed as Standard Webhooks says,
 * retried with backoff for a day; credit alerts by e-mail from the account's mailbox (creditAlerts/).
 */
export function eventsModule(options: EventsModuleOptions = {}): FeatureModule<EventsSettings> {
  const clock = options.clock ?? systemClock;
  const alerts = creditAlerts(clock);
  return {
    name: 'events',
    errors: EVENTS_ERRORS,
    settings: eventsSettings,
    summary: (settings) =>
      `lead events kept ${settings.retentionDays} days; webhooks ${settings.secrets ? 'on' : 'off until SECRET_KEY is set'}, private targets ${settings.allowPrivateTargets ? 'allowed' : 'refused'}`,
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes({ withApiKey }, { pool, settings }) {
      eventsRoutes(withApiKey, { pool, clock, secrets: settings.secrets, allowPrivateTargets: settings.allowPrivateTargets });
      alerts.routes(withApiKey, pool);
    },
    tasks({ pool, settings, log }) {
      return {
        ...alerts.tasks({ pool, log, access: settings.mailAccess }),
        deliver_webhooks: async (payload, helpers) => {
          const subscriptionId = (payload as { subscriptionId?: unknown } | null)?.subscriptionId;
          if (typeof subscriptionId !== 'number' || !Number.isSafeInteger(subscriptionId)) throw new Error(`payload needs a subscriptionId, got ${JSON.stringify(payload)}`);
          if (!settings.secrets) throw new Error('webhook deliveries need SECRET_KEY to open their signing secrets');
          await deliverWebhooks(
            { pool, secrets: settings.secrets, clock, log, allowPrivateTargets: settings.allowPrivateTargets, ...(options.fetchOptions ? { fetchOptions: options.fetchOptions } : {}) },
            subscriptionId,
            helpers.abortSignal ?? new AbortController().signal,
          );
        },
        events_retention: async () => {
          const deleted = await deleteOldEvents(pool, clock.now(), settings.retentionDays);
          if (deleted > 0) log.info({ deleted }, 'old events deleted');
        },
      };
    },
    commands: (program, cli) => alerts.commands(program, cli as CommandContext<unknown>),
    cron: () => [{ task: 'events_retention', match: '17 3 * * *', options: { backfillPeriod: 0, maxAttempts: 1 } }],
  };
}
