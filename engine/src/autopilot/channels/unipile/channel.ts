import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { createUnipileClient } from '../../../integrations/unipile/client.ts';
import { type UnipileConnection, unipileConnection } from '../../../integrations/unipile/settings.ts';
import type { Pool } from '../../../platform/database/database.ts';
import type { Env } from '../../../platform/env.ts';
import type { CommandContext } from '../../../platform/module.ts';
import { type Clock, systemClock } from '../../../platform/time.ts';
import type { ChannelSender } from '../../sequence/ports.ts';
import { telegramSender, whatsappSender } from './chatSenders.ts';
import { linkedinSender } from './linkedinSender.ts';
import type { SeatContext } from './seatCalls.ts';
import { seatCommands } from './seatCommands.ts';
import { seatRoutes } from './seatRoutes.ts';

/** The Unipile channels' environment (README, configuration table): the workspace, or undefined when `UNIPILE_API_KEY` is unset. */
export interface UnipileSettings {
  connection: UnipileConnection | undefined;
}

export function unipileSettings(env: Env): UnipileSettings {
  return { connection: unipileConnection(env) };
}

export interface UnipileChannelsOptions {
  clock?: Clock;
}

/** What the Autopilot module plugs in: the three senders, the seats' routes and commands. */
export interface UnipileChannels {
  readonly senders: readonly ChannelSender[];
  /**
   * Gives the senders the database and the Unipile workspace. routes() calls it; until it is called,
   * or while `UNIPILE_API_KEY` is unset, every touch of the three channels waits, held with a reason
   * that says so (the seats can still be added).
   */
  configure(context: { pool: Pool; settings: UnipileSettings }): void;
  routes(app: FastifyInstance, context: { pool: Pool; settings: UnipileSettings }): void;
  commands(program: Command, cli: CommandContext<unknown>): void;
}

/**
 * The professional network (linkedin), the messaging app (whatsapp) and the chat app (telegram),
 * each sent by the account's seats (accounts connected to Unipile) through Unipile's API v1.
 */
export function unipileChannels(options: UnipileChannelsOptions = {}): UnipileChannels {
  const clock = options.clock ?? systemClock;
  let context: SeatContext | undefined;
  const senderOptions = { context: () => context, clock };
  const configure = ({ pool, settings }: { pool: Pool; settings: UnipileSettings }) => {
    const { connection } = settings;
    // Calls are not retried in the worker: a 429 waits as a deferred touch, its job run again later.
    context = connection ? { pool, client: createUnipileClient({ ...connection, http: { retries: 0, timeoutMs: 30_000 } }) } : undefined;
  };
  return {
    senders: [linkedinSender(senderOptions), whatsappSender(senderOptions), telegramSender(senderOptions)],
    configure,
    routes(app, routeContext) {
      configure(routeContext);
      seatRoutes(app, routeContext.pool);
    },
    commands: (program, cli) => seatCommands(program, cli),
  };
}
