import type { Command } from 'commander';
import type { Output } from './cli/output.ts';
import type { Pool } from './database/database.ts';
import type { Env } from './env.ts';
import type { ErrorCode, ErrorStatuses } from './errors.ts';
import type { SecurityScheme } from './http/openapi/apiDocument.ts';
import type { HttpScope } from './http/scope.ts';
import type { Logger } from './logger.ts';
import type { CronItem, TaskName, Tasks } from './queue/tasks.ts';
import type { PlatformSettings } from './settings.ts';

/**
 * Terminology:
 * - The *platform* is what every process has: settings, the database and its migrations, the job queue,
 *   the HTTP server with API-key authentication and error mapping, logging, outbound HTTP.
 * - A *feature module* is one capability (research; the Autopilot and the HubSpot app next) that plugs
 *   into the platform through this one interface. Each part is optional; the service asks for the parts
 *   of the roles a process runs (routes when it serves HTTP, tasks and cron when it runs a worker).
 * - *Composition* is the ordered list of modules a process runs: `app/modules.ts`, the one place it is written.
 *
 * A module is a plain object, usually made by a factory (`researchModule()`), so tests can pass their own
 * dependencies (a scripted pipeline). `S` is the type of its settings.
 */
export interface FeatureModule<S = unknown> {
  /** Lower-case letters, digits and `_`: names the module in logs and its migrations table (`pgmigrations_<name>`). */
  readonly name: string;
  /**
   * Reads the module's own environment variables, once per process; throws a ConfigError naming a bad
   * one. Returns undefined to switch the module off (a connector whose credentials are unset): it then
   * contributes nothing. Without this function the module is always on, with no settings.
   */
  settings?(env: Env, platform: PlatformSettings): S | undefined;
  /**
   * One line for the start-up log saying what the module will do with its settings, so that a person
   * reading the log knows why its output looks as it does (research: which sources and whether the
   * writer are on).
   */
  summary?(settings: S): string;
  /**
   * The module's error codes with their HTTP statuses (its `errors.ts`, which also declares them to
   * `ErrorCode`): the HTTP layer answers them with these statuses whether or not the module is on.
   */
  readonly errors?: ErrorStatuses;
  /** A folder of numbered SQL migrations, applied after the core schema and the modules before this one. */
  readonly migrations?: string;
  /**
   * How callers of the authenticated scope prove who they are, when the module changes it (people:
   * an API key or a signed-in session). At most one module of a composition does; without one, API keys alone.
   */
  authentication?(context: FeatureContext<S>): Authentication;
  /** HTTP routes, in processes that serve HTTP. */
  routes?(http: HttpScopes, context: FeatureContext<S>): void;
  /** graphile-worker task handlers, in processes that run a worker; names and payloads come from the module's `tasks.ts`. */
  tasks?(context: FeatureContext<S>): Tasks;
  /**
   * The module's tasks that are bulk work for accounts (research: minutes per job, queued by the
   * thousand): they run on the worker's bulk runner, with slots of their own (`WORKER_CONCURRENCY`),
   * so that no other task waits behind them (platform/queue/worker.ts).
   */
  readonly bulkTasks?: readonly TaskName[];
  /** Recurring tasks (graphile-worker cron, UTC); their handlers are among `tasks`. */
  cron?(settings: S): CronItem[];
  /** `prospect-engine` command groups. They are added whether or not the module is on; `CommandContext.action` refuses when it is off. */
  commands?(program: Command, cli: CommandContext<S>): void;
}

/** What a module's routes and tasks get: its settings and the platform's shared services. */
export interface FeatureContext<S> {
  settings: S;
  platform: PlatformSettings;
  pool: Pool;
  /** The process's logger, with `feature: <name>` on every line. */
  log: Logger;
}

export type { HttpScope } from './http/scope.ts';

/** Where a module adds routes: two encapsulated Fastify contexts of the one server. */
export interface HttpScopes {
  /** Routes anyone may call (health, webhooks that verify their own signatures, OAuth callbacks). */
  open: HttpScope;
  /**
   * Routes behind a credential (`Authorization: Bearer <API key>`, or a signed-in session's cookie): the
   * hook has set `request.holder` and checked the caller's role (`config.role`, see http/roles.ts) before the handler runs.
   */
  withApiKey: HttpScope;
}

/** What a module's commands get. */
export interface CommandContext<S> {
  /**
   * Wraps a command's work as its commander action: opens the database (embedded when `DATABASE_URL`
   * is unset) with the schema up to date, runs `work` with the arguments commander passes, closes the
   * database. `output` prints as the global `--json` option says. Refuses with a ConfigError, before
   * opening anything, when the module is off.
   */
  action<A extends unknown[]>(work: (context: CommandRun<S>, ...args: A) => Promise<void>): (...args: unknown[]) => Promise<void>;
}

export interface CommandRun<S> extends FeatureContext<S> {
  output: Output;
}

/** How callers of the authenticated scope prove who they are. */
export interface Authentication {
  /** Installs the hooks on the `withApiKey` scope that refuse the request or set `request.holder`. */
  install(scope: HttpScope): void;
  /** The codes those hooks answer, listed on every authenticated route. */
  errors: ErrorCode[];
  /** The document's security schemes any one of which admits a caller. */
  schemes: SecurityScheme[];
}
