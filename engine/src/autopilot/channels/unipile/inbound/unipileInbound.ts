import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { createUnipileClient, type UnipileConnection, webhookRegistrar } from '../../../../integrations/index.ts';
import type { Pool } from '../../../../platform/database/database.ts';
import type { Logger } from '../../../../platform/logger.ts';
import type { CommandContext } from '../../../../platform/module.ts';
import { SourceError } from '../../../../platform/net/sourceHttp.ts';
import { addJob, type CronItem, type CronPayload, type Tasks } from '../../../../platform/queue/tasks.ts';
import { type Clock, systemClock } from '../../../../platform/time.ts';
import type { LeadSignals } from '../../../sequence/ports.ts';
import { catchUpSeat } from './catchUp.ts';
import { webhookCommands } from './commands.ts';
import { webhookRoutes } from './routes.ts';
import type { UnipileInboundSettings } from './settings.ts';

export interface CatchUpSeatPayload {
  seatId: number;
}

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** Cron, every 10 minutes: queues unipile_catch_up_seat for every seat (a disconnected one is asked whether it is back). */
      unipile_catch_up: CronPayload;
      /** Reads one seat's messages (and relations, while a connection request waits) that webhooks may have missed. */
      unipile_catch_up_seat: CatchUpSeatPayload;
    }
  }
}

export interface UnipileInboundOptions {
  clock?: Clock;
}

export interface UnipileInboundContext {
  pool: Pool;
  settings: UnipileInboundSettings;
  /** The Unipile workspace (the channels' settings, channel.ts); undefined: no catch-up poll and no registration (webhooks are still received). */
  connection: UnipileConnection | undefined;
  /** Where replies and accepted invitations are reported (the Autopilot module's). */
  signals: LeadSignals;
}

/** What the channel plugs in: the webhook receiver, the catch-up poll, the registration command. */
export interface UnipileInbound {
  routes(open: FastifyInstance, context: UnipileInboundContext): void;
  tasks(context: UnipileInboundContext & { log: Logger }): Tasks;
  cron(): CronItem[];
  /** `configured` finds the inbound settings and the workspace in those of the module a command runs with. */
  commands(program: Command, cli: CommandContext<unknown>, configured: (moduleSettings: unknown) => { settings: UnipileInboundSettings; connection: UnipileConnection | undefined }): void;
}

/** Each seat's catch-up runs one at a time (its own queue), one attempt: the next poll is the retry. Disconnected seats too: the poll asks whether they are back. */
const CATCH_UP_EVERY_SEAT = `SELECT graphile_worker.add_job('unipile_catch_up_seat', json_build_object('seatId', id),
  job_key := 'unipile_catch_up:' || id, queue_name := 'unipile_inbound:' || id, max_attempts := 1)
  FROM autopilot_seats`;

/**
 * The inbound side of the professional network, the messaging app and the chat app, through Unipile:
 * the webhooks (`POST /unipile/webhooks`: replies, accepted connection requests, account status), the
 * catch-up poll behind them, and `prospect-engine unipile webhooks register`.
 */
/** Queues the catch-up of a seat connected again: what it missed while Unipile had lost it (one job per seat at a time). */
export const catchUpSeatSoon = (pool: Pool) => (seatId: number) =>
  addJob(pool, 'unipile_catch_up_seat', { seatId }, { jobKey: `unipile_catch_up:${seatId}`, queueName: `unipile_inbound:${seatId}`, maxAttempts: 1 });

export function unipileInbound(options: UnipileInboundOptions = {}): UnipileInbound {
  const clock = options.clock ?? systemClock;
  const catchUpSoon = catchUpSeatSoon;

  return {
    routes(open, context) {
      webhookRoutes(open, { db: context.pool, signals: context.signals, clock, secret: context.settings.webhookSecret, catchUpSoon: catchUpSoon(context.pool) });
    },
    tasks(context) {
      const { pool, log, connection, signals } = context;
      const api = connection && createUnipileClient(connection);
      return {
        unipile_catch_up: async () => {
          if (connection) await pool.query(CATCH_UP_EVERY_SEAT);
        },
        unipile_catch_up_seat: async (payload, helpers) => {
          const seatId = (payload as Partial<CatchUpSeatPayload> | null)?.seatId;
          if (typeof seatId !== 'number' || !Number.isSafeInteger(seatId)) {
            log.error({ payload }, 'unipile_catch_up_seat task without a seatId; dropped');
            return;
          }
          if (!api) {
            log.warn({ seatId }, 'unipile catch-up without UNIPILE_API_KEY and UNIPILE_BASE_URL; nothing read');
            return;
          }
          try {
            const done = await catchUpSeat({ db: pool, signals, clock, api }, seatId, helpers.abortSignal ?? new AbortController().signal);
            if (done && (done.messages > 0 || done.relations > 0)) log.info({ seatId, ...done }, 'unipile catch-up read');
          } catch (error) {
            // Unipile failing is expected now and then: the seat's place did not move, the next poll reads from there.
            // Anything else is a fault of the engine's and fails the job.
            if (!(error instanceof SourceError)) throw error;
            log.warn({ seatId, err: error }, 'unipile catch-up failed; the next poll tries again');
          }
        },
      };
    },
    cron: () => [{ task: 'unipile_catch_up', match: '*/10 * * * *', options: { maxAttempts: 1, backfillPeriod: 0 } }],
    commands(program, cli, configured) {
      webhookCommands(program, cli, (moduleSettings) => {
        const { settings, connection } = configured(moduleSettings);
        return { settings, register: connection && webhookRegistrar(connection) };
      });
    },
  };
}
