import type { Command } from 'commander';
import type { Pool } from '../../platform/database/database.ts';
import type { Env } from '../../platform/env.ts';
import type { ErrorStatuses } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { CommandContext, HttpScopes } from '../../platform/module.ts';
import type { CronItem, Tasks } from '../../platform/queue/tasks.ts';
import type { ChannelSender, LeadSignals } from '../sequence/ports.ts';

/** What a channel's routes and tasks get from the Autopilot module. */
export interface ChannelContext<S> {
  pool: Pool;
  /** The engine's SECRET_KEY (mailbox passwords are sealed with it), when set. */
  secretKey: Buffer | undefined;
  settings: S;
  /** `PUBLIC_URL`: where people and third parties reach the engine (links it gives out, callbacks it registers). */
  publicUrl: string;
  /** Where the channel reports replies, bounces, unsubscribes and accepted invitations. */
  signals: LeadSignals;
}

/**
 * What a channel folder plugs into the Autopilot module (channels/email/, channels/unipile/): the
 * senders the sequence runtime sends touches through, and the channel's own environment, routes, tasks,
 * cron and commands. The module goes through its plugs alike: a new channel is a folder with one.
 */
export interface ChannelPlug<S> {
  /** Names the plug's settings among the module's (`channels[name]`). */
  readonly name: string;
  readonly senders: readonly ChannelSender[];
  /** The channel's error codes with their statuses, part of the Autopilot module's. */
  readonly errors: ErrorStatuses;
  /** Reads the channel's environment variables; throws a ConfigError naming a bad one. */
  settings(env: Env): S;
  /** Its part of the module's start-up line. */
  summary(settings: S): string;
  routes(scopes: HttpScopes, context: ChannelContext<S>): void;
  tasks(context: Omit<ChannelContext<S>, 'publicUrl'> & { log: Logger }): Tasks;
  cron(settings: S): CronItem[];
  /** Its commands; `settingsOf` finds its settings in those of the module a command runs with. */
  commands(program: Command, cli: CommandContext<unknown>, settingsOf: (moduleSettings: unknown) => S | undefined): void;
}
