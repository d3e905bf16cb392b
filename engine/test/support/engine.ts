import { afterAll, beforeAll, inject } from 'vitest';
import { type Account, createAccount, type Language, type Plan } from '../../src/accounts/accounts.ts';
import { createApiKey } from '../../src/accounts/apiKeys.ts';
import { accountsModule } from '../../src/accounts/module.ts';
import { setProduct } from '../../src/accounts/products.ts';
import { type RunningService, startService } from '../../src/app/service.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import type { Pool } from '../../src/platform/database/database.ts';
import { createLogger } from '../../src/platform/logger.ts';
import type { FeatureModule } from '../../src/platform/module.ts';
import { peopleModule } from '../../src/people/module.ts';
import { researchModule } from '../../src/research/module.ts';
import type { ResearchPipeline } from '../../src/research/pipeline/pipeline.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export const KEY_PREFIX = 'pr';

/**
 * A database of the test file's own, cloned from a template globalSetup migrated: the complete schema
 * (every module's migrations), or with `'core'` the core and research schemas alone, for a test of
 * later migrations that starts from the schema before them.
 */
export function newTestDatabase(schema: 'complete' | 'core' = 'complete'): Promise<TestDatabase> {
  return createTestDatabase(inject('adminUrl'), inject(schema === 'core' ? 'coreTemplateDatabase' : 'templateDatabase'));
}

export interface TestEngineOptions {
  database: TestDatabase;
  http?: boolean;
  worker?: boolean;
  pipeline?: ResearchPipeline;
  /** The feature modules to run instead of the engine's own: accounts, people, research (with `pipeline`) and the Autopilot. */
  modules?: FeatureModule[];
  /** Extra environment, as ops would set it (e.g. RESEARCH_TIMEOUT_SECONDS). */
  env?: Record<string, string>;
}

export interface TestEngine {
  url: string;
  pool: Pool;
  service: RunningService;
  printed: string[];
  stop(): Promise<void>;
}

/** The real service (HTTP API and/or graphile-worker) on its own port, against a test database. */
export async function startTestEngine(options: TestEngineOptions): Promise<TestEngine> {
  const env = {
    DATABASE_URL: options.database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    API_KEY_PREFIX: KEY_PREFIX,
    SHUTDOWN_GRACE_SECONDS: '1',
    DATABASE_POOL_SIZE: '10',
    // No network in tests: sources that need no key stay off unless a test turns them on.
    RESEARCH_KEYLESS_SOURCES: '',
    // Tests send far more from 127.0.0.1 than any client would: the open routes' limits are off unless
    // a test of them sets its own (engine/test/platform/http/rateLimits.db.test.ts).
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: '0',
    RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: '0',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '0',
    ...options.env,
  };
  const printed: string[] = [];
  const service = await startService({
    env,
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 2),
    http: options.http ?? true,
    worker: options.worker ?? true,
    modules: options.modules ?? [accountsModule(), peopleModule(), researchModule({ pipeline: options.pipeline }), autopilotModule()],
    print: (text) => printed.push(text),
  });
  return { url: service.url ?? '', pool: service.database.pool, service, printed, stop: () => service.stop() };
}

export interface Customer {
  account: Account;
  key: string;
  keyId: number;
}

/** An account with a product and one API key, created the way ops would (the domain functions behind the CLI). */
export async function createCustomer(pool: Pool, options: { plan?: Plan; credits?: number; language?: Language; product?: boolean; maxKeys?: number; name?: string } = {}): Promise<Customer> {
  const account = await createAccount(pool, {
    name: options.name ?? 'Acme Sales',
    plan: options.plan ?? 'bdr',
    language: options.language,
    monthlyCredits: options.credits,
    maxApiKeys: options.maxKeys,
  });
  if (options.product ?? true) {
    await setProduct(pool, account.id, {
      name: 'Ledgerly',
      description: 'Accounts-payable automation for mid-sized manufacturers.',
      features: ['Invoice capture', 'Three-way matching'],
      customers: ['CFOs of manufacturers'],
    });
  }
  const key = await createApiKey(pool, KEY_PREFIX, account.id);
  return { account, key: key.key, keyId: key.id };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small client for the Research API as a caller sees it. */
export function client(baseUrl: string, key?: string) {
  const request = async (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { ...headers, ...options.headers }, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
  };
  return {
    request,
    research: (body: unknown, headers?: Record<string, string>) => request('POST', '/research', { body, headers }),
    status: (researchId: string) => request('GET', `/research-status/${researchId}`),
    account: () => request('GET', '/account'),
    /** Polls the status (every 20 ms, up to `timeoutMs`) until `done` holds. */
    async waitFor(researchId: string, done: (reply: Reply) => boolean = (r) => ['completed', 'failed'].includes(String(r.body.status)), timeoutMs = 15_000): Promise<Reply> {
      let reply!: Reply;
      await until(
        () => `research ${researchId}, still ${JSON.stringify(reply.body)}`,
        async () => done((reply = await request('GET', `/research-status/${researchId}`))),
        timeoutMs,
      );
      return reply;
    },
  };
}

/** Credits used in the account's current cycle, and the ledger's debits and refunds. */
export async function creditState(pool: Pool, accountId: number) {
  const { rows } = await pool.query<{ used: number; debits: number; refunds: number }>(
    `SELECT coalesce((SELECT sum(used)::int FROM credit_cycles WHERE account_id = $1), 0) AS used,
            (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'debit') AS debits,
            (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'refund') AS refunds`,
    [accountId],
  );
  return rows[0]!;
}

/** Polls `check` (every 20 ms, up to `timeoutMs`) until it returns true. */
export async function until(what: string | (() => string), check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface EngineFixture {
  database: TestDatabase;
  engine: TestEngine;
}

export interface CustomerFixture extends EngineFixture {
  customer: Customer;
}

/**
 * Gives the enclosing suite its own database and a running engine: registers the beforeAll that
 * creates them and the afterAll that stops and drops them. Read the fields inside tests.
 */
export function useEngine(options: Omit<TestEngineOptions, 'database'> = {}): EngineFixture {
  const fixture = {} as EngineFixture;
  beforeAll(async () => {
    fixture.database = await newTestDatabase();
    fixture.engine = await startTestEngine({ ...options, database: fixture.database });
  });
  afterAll(async () => {
    await fixture.engine?.stop();
    await fixture.database?.drop();
  });
  return fixture;
}

/** useEngine() plus one customer, created after the engine. */
export function useTestEngine(options: Omit<TestEngineOptions, 'database'> = {}, customer: Parameters<typeof createCustomer>[1] = {}): CustomerFixture {
  const fixture = useEngine(options) as CustomerFixture;
  beforeAll(async () => {
    fixture.customer = await createCustomer(fixture.engine.pool, customer);
  });
  return fixture;
}
