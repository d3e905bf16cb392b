import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { runCli } from '../../../../src/app/cli/program.ts';
import { unipileInboundSettings } from '../../../../src/autopilot/channels/unipile/inbound/settings.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import { researchModule } from '../../../../src/research/module.ts';
import type { TestDatabase } from '../../../support/databases.ts';
import { newTestDatabase } from '../../../support/engine.ts';
import { useNock } from '../../../support/nock.ts';
import { useOutcomesEngine } from '../../outcomes/support.ts';
import { API_KEY, deliver, DSN, UNIPILE_ENV, WEBHOOK_SECRET } from './support.ts';

/** An engine whose UNIPILE_WEBHOOK_SECRET is not set, and `prospect-engine unipile webhooks register` against Unipile (nock). */
const { fixture } = useOutcomesEngine();
let database: TestDatabase;

useNock();
beforeAll(async () => {
  database = await newTestDatabase();
  nock.disableNetConnect();
  nock.enableNetConnect((host) => host.startsWith('127.0.0.1') || host.startsWith('localhost'));
});
afterEach(() => nock.cleanAll());
afterAll(async () => {
  nock.enableNetConnect();
  await database?.drop();
});

async function cli(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, [accountsModule(), researchModule(), autopilotModule()], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: database.url, PUBLIC_URL: 'https://engine.example.com', ...env },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

describe('without UNIPILE_WEBHOOK_SECRET', () => {
  it('every delivery is refused with 503, saying what to set: none could be told from a forgery', async () => {
    const refused = await deliver(fixture.engine.url, { AccountStatus: { account_id: 'a', message: 'CREDENTIALS' } }, { 'Unipile-Auth': WEBHOOK_SECRET });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: 'service_unavailable', message: expect.stringContaining('UNIPILE_WEBHOOK_SECRET') });
  });
});

describe('UNIPILE_WEBHOOK_SECRET', () => {
  it('shorter than 16 characters is refused at start-up', () => {
    expect(() => unipileInboundSettings({ UNIPILE_WEBHOOK_SECRET: 'short-secret' })).toThrow(/at least 16 characters/);
    expect(unipileInboundSettings({ UNIPILE_WEBHOOK_SECRET: WEBHOOK_SECRET }).webhookSecret).toBe(WEBHOOK_SECRET);
  });
});

describe('prospect-engine unipile webhooks register', () => {
  it('registers messaging, users and account_status to PUBLIC_URL/unipile/webhooks with the secret header', async () => {
    const bodies: Record<string, unknown>[] = [];
    const scope = nock(DSN, { reqheaders: { 'x-api-key': API_KEY, 'content-type': 'application/json' } })
      .post('/api/v1/webhooks', (body: Record<string, unknown>) => {
        bodies.push(body);
        return typeof body.source === 'string' && typeof body.request_url === 'string';
      })
      .times(3)
      .reply(201, () => ({ object: 'WebhookCreated', webhook_id: `wh-${bodies.length}` }));

    const run = await cli(['unipile', 'webhooks', 'register', '--json'], UNIPILE_ENV);

    expect(run.code, run.stderr).toBe(0);
    expect(scope.isDone()).toBe(true);
    expect(bodies.map((body) => body.source)).toEqual(['messaging', 'users', 'account_status']);
    for (const body of bodies) {
      expect(body).toMatchObject({
        request_url: 'https://engine.example.com/unipile/webhooks',
        format: 'json',
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'Unipile-Auth', value: WEBHOOK_SECRET },
        ],
      });
      // A webhook covers every connected account: none is named.
      expect(body).not.toHaveProperty('account_id');
    }
    expect(JSON.parse(run.stdout)).toEqual({
      request_url: 'https://engine.example.com/unipile/webhooks',
      webhooks: [
        { source: 'messaging', webhook_id: 'wh-1' },
        { source: 'users', webhook_id: 'wh-2' },
        { source: 'account_status', webhook_id: 'wh-3' },
      ],
    });
    expect(run.stdout + run.stderr).not.toContain(API_KEY);
  });

  it('refuses without the secret or without the Unipile key, before calling Unipile', async () => {
    const { UNIPILE_WEBHOOK_SECRET: _secret, ...withoutSecret } = UNIPILE_ENV;
    const noSecret = await cli(['unipile', 'webhooks', 'register'], withoutSecret);
    expect(noSecret.code).not.toBe(0);
    expect(noSecret.stderr).toContain('UNIPILE_WEBHOOK_SECRET');
    const noKey = await cli(['unipile', 'webhooks', 'register', '--url', 'https://hooks.example.com/unipile/webhooks'], { UNIPILE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(noKey.code).not.toBe(0);
    expect(noKey.stderr).toContain('UNIPILE_API_KEY');
  });
});
