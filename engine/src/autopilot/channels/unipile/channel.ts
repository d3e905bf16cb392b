import { createUnipileClient, type UnipileConnection, unipileConnection } from '../../../integrations/index.ts';
import type { Pool } from '../../../platform/database/database.ts';
import type { Env } from '../../../platform/env.ts';
import { type Clock, systemClock } from '../../../platform/time.ts';
import type { ChannelContext, ChannelPlug } from '../plug.ts';
import { telegramSender, whatsappSender } from './chatSenders.ts';
import { SEAT_ERRORS } from './errors.ts';
import { linkedinSender } from './linkedinSender.ts';
import type { SeatContext } from './seatCalls.ts';
import { seatCommands } from './seatCommands.ts';
import { seatRoutes } from './seatRoutes.ts';
import { connectRoutes } from './connectRoutes.ts';
import { type UnipileInboundSettings, unipileInboundSettings } from './inbound/settings.ts';
import { catchUpSeatSoon, unipileInbound } from './inbound/unipileInbound.ts';

/** The Unipile channels' environment (README, configuration table). */
export interface UnipileSettings {
  /** The workspace (`UNIPILE_API_KEY`, `UNIPILE_BASE_URL`), or undefined when the key is unset. */
  connection: UnipileConnection | undefined;
  /** The inbound side's own (`UNIPILE_WEBHOOK_SECRET`). */
  inbound: UnipileInboundSettings;
}

export function unipileSettings(env: Env): UnipileSettings {
  return { connection: unipileConnection(env), inbound: unipileInboundSettings(env) };
}

export interface UnipileChannelsOptions {
  clock?: Clock;
}

/** The three channels as the Autopilot module plugs them in. */
export type UnipileChannels = ChannelPlug<UnipileSettings>;

/**
 * The professional network (linkedin), the messaging app (whatsapp) and the chat app (telegram), each
 * sent by the account's seats (accounts connected to Unipile) through Unipile's API v1, with what the
 * leads say back (inbound/: Unipile's webhooks and the catch-up poll). Until routes() or tasks() give
 * the senders the database, or while `UNIPILE_API_KEY` is unset, every touch of the three channels
 * waits, held with a reason that says so (the seats can still be added).
 */
export function unipileChannels(options: UnipileChannelsOptions = {}): UnipileChannels {
  const clock = options.clock ?? systemClock;
  const inbound = unipileInbound({ clock });
  let context: SeatContext | undefined;
  const senderOptions = { context: () => context, clock };
  const configure = ({ pool, settings }: { pool: Pool; settings: UnipileSettings }) => {
    const { connection } = settings;
    // Calls are not retried in the worker: a 429 waits as a deferred touch, its job run again later.
    context = connection ? { pool, client: createUnipileClient({ ...connection, http: { retries: 0, timeoutMs: 30_000 } }) } : undefined;
  };
  const inboundContext = ({ pool, settings, signals }: Omit<ChannelContext<UnipileSettings>, 'publicUrl'>) => ({ pool, settings: settings.inbound, connection: settings.connection, signals });
  return {
    name: 'unipile',
    errors: SEAT_ERRORS,
    senders: [linkedinSender(senderOptions), whatsappSender(senderOptions), telegramSender(senderOptions)],
    settings: unipileSettings,
    summary: ({ connection, inbound: { webhookSecret } }) =>
      connection
        ? `linkedin, whatsapp, telegram: seats send through Unipile; their replies: Unipile webhooks ${webhookSecret ? 'verified with UNIPILE_WEBHOOK_SECRET' : 'refused (UNIPILE_WEBHOOK_SECRET unset)'}, catch-up poll every 10 minutes`
        : 'linkedin, whatsapp, telegram: UNIPILE_API_KEY unset, their touches wait',
    routes({ withApiKey, open }, routeContext) {
      configure(routeContext);
      seatRoutes(withApiKey, routeContext.pool, clock);
      connectRoutes(withApiKey, open, {
        pool: routeContext.pool,
        clock,
        secretKey: routeContext.secretKey,
        publicUrl: routeContext.publicUrl,
        connection: routeContext.settings.connection,
        catchUpSoon: catchUpSeatSoon(routeContext.pool),
      });
      inbound.routes(open, inboundContext(routeContext));
    },
    tasks(taskContext) {
      configure(taskContext);
      return inbound.tasks({ ...inboundContext(taskContext), log: taskContext.log });
    },
    cron: (settings) => (settings.connection ? inbound.cron() : []),
    commands(program, cli, settingsOf) {
      seatCommands(program, cli, clock);
      inbound.commands(program, cli, (moduleSettings) => {
        const settings = settingsOf(moduleSettings);
        return { settings: settings?.inbound ?? { webhookSecret: undefined }, connection: settings?.connection };
      });
    },
  };
}
