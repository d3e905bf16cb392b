import type { Pool } from '../platform/database/database.ts';
import { CORE_MIGRATIONS, featureMigrations, type MigrationStream } from '../platform/database/migrate.ts';
import { ConfigError, type Env } from '../platform/env.ts';
import { registerErrors } from '../platform/http/errorStatus.ts';
import type { Logger } from '../platform/logger.ts';
import type { Authentication, FeatureContext, FeatureModule, HttpScopes } from '../platform/module.ts';
import type { CronItem, Tasks } from '../platform/queue/tasks.ts';
import type { PlatformSettings } from '../platform/settings.ts';

/** A module that is on in this process, with its settings. */
export interface Feature {
  module: FeatureModule;
  settings: unknown;
}

const MODULE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * Reads every module's settings from `env` (a bad variable throws its ConfigError before anything
 * starts) and keeps the modules that are on, in order.
 */
export function activeFeatures(modules: FeatureModule[], env: Env, platform: PlatformSettings): Feature[] {
  const names = new Set<string>();
  const features: Feature[] = [];
  for (const module of modules) {
    if (!MODULE_NAME.test(module.name)) throw new Error(`feature module name "${module.name}" must be lower-case letters, digits and _`);
    if (names.has(module.name)) throw new Error(`two feature modules are named "${module.name}"`);
    names.add(module.name);
    const settings = featureSettings(module, env, platform);
    if (settings !== OFF) features.push({ module, settings });
  }
  return features;
}

/** Makes every module's error codes known to the HTTP layer, on or off: a status is a fact about a code, not work the module does. */
export function registerModuleErrors(modules: FeatureModule[]): void {
  for (const module of modules) if (module.errors) registerErrors(module.errors);
}

const OFF = Symbol('off');

/** The module's settings, or OFF when the module switched itself off. */
export function featureSettings(module: FeatureModule, env: Env, platform: PlatformSettings): unknown {
  if (!module.settings) return undefined;
  return module.settings(env, platform) ?? OFF;
}

/** The settings of `module` for one of its commands; a ConfigError when it is off. */
export function settingsForCommand(module: FeatureModule, env: Env, platform: PlatformSettings): unknown {
  const settings = featureSettings(module, env, platform);
  if (settings === OFF) throw new ConfigError(`the ${module.name} feature is off: its environment variables are not set (see the README's configuration table)`);
  return settings;
}

/** The start-up log's line of each module that is on and says what it will do. */
export function featureSummaries(features: Feature[]): { feature: string; summary: string }[] {
  return features.flatMap(({ module, settings }) => (module.summary ? [{ feature: module.name, summary: module.summary(settings) }] : []));
}

/** The core schema, then each feature's own migrations, in composition order. */
export function migrationStreams(features: Feature[]): MigrationStream[] {
  return [CORE_MIGRATIONS, ...features.flatMap(({ module }) => (module.migrations ? [featureMigrations(module.name, module.migrations)] : []))];
}

/** Each feature's context, with a logger that names the feature. */
export function featureContexts(features: Feature[], shared: { platform: PlatformSettings; pool: Pool; log: Logger }) {
  return features.map(({ module, settings }) => ({
    module,
    context: { ...shared, settings, log: shared.log.child({ feature: module.name }) } satisfies FeatureContext<unknown>,
  }));
}

type Contexts = ReturnType<typeof featureContexts>;

/**
 * Every feature's task handlers in one registry, and their cron items. Two features may not handle the
 * same task, and every cron item must name a task some feature handles.
 */
export function composeWorker(contexts: Contexts): { tasks: Tasks; bulkTasks: Set<string>; cron: CronItem[] } {
  const tasks: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const { module, context } of contexts) {
    for (const [name, handler] of Object.entries(module.tasks?.(context) ?? {})) {
      if (owner.has(name)) throw new Error(`task ${name} is handled by both ${owner.get(name)} and ${module.name}`);
      owner.set(name, module.name);
      tasks[name] = handler;
    }
  }
  const cron = contexts.flatMap(({ module, context }) => module.cron?.(context.settings) ?? []);
  const unhandled = cron.filter((item) => !owner.has(item.task)).map((item) => item.task);
  if (unhandled.length > 0) throw new Error(`cron items name tasks no feature handles: ${unhandled.join(', ')}`);
  const foreign = contexts.flatMap(({ module }) => (module.bulkTasks ?? []).filter((name) => owner.get(name) !== module.name).map((name) => `${name} (${module.name})`));
  if (foreign.length > 0) throw new Error(`bulk tasks name tasks their feature does not handle: ${foreign.join(', ')}`);
  const bulkTasks = new Set(contexts.flatMap(({ module }) => module.bulkTasks ?? []));
  return { tasks: tasks as Tasks, bulkTasks, cron };
}

export function composeRoutes(contexts: Contexts): (http: HttpScopes) => void {
  return (http) => {
    for (const { module, context } of contexts) module.routes?.(http, context);
  };
}

/** The authentication a feature provides (people's), else `fallback`; two features providing one is a mistake. */
export function composeAuthentication(contexts: Contexts, fallback: Authentication): Authentication {
  const providers = contexts.filter(({ module }) => module.authentication);
  if (providers.length > 1) throw new Error(`two feature modules authenticate callers: ${providers.map(({ module }) => module.name).join(', ')}`);
  const [provider] = providers;
  return provider ? provider.module.authentication!(provider.context) : fallback;
}
