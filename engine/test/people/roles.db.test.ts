import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { eventsModule } from '../../src/events/module.ts';
import { peopleModule } from '../../src/people/module.ts';
import { researchModule } from '../../src/research/module.ts';
import type { OpenApiDocument } from '../support/apiDocument.ts';
import { useTestEngine } from '../support/engine.ts';
import { type Browser, member } from './support.ts';

const fixture = useTestEngine({
  worker: false,
  modules: [accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule()],
  env: { SECRET_KEY: randomBytes(32).toString('base64') },
});

let operations: { method: string; path: string }[];
const browsers = {} as Record<'member' | 'admin' | 'owner', Browser>;

beforeAll(async () => {
  const document = (await (await fetch(`${fixture.engine.url}/openapi.json`)).json()) as OpenApiDocument;
  // Every route a session may call: those behind a credential.
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => (operation as { security?: Record<string, unknown>[] }).security?.some((scheme) => 'session' in scheme) && !path.startsWith('/auth/'))
      .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
  );
  for (const role of ['member', 'admin', 'owner'] as const) browsers[role] = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, `${role}@acme.example`, role);
});

/**
 * The owner's alone: API keys (they act with the owner's rights, so even listing them is the owner's),
 * credit alerts, and connecting a seat through Unipile (it binds an outside account to this one).
 */
const OWNERS = ['DELETE /credit-alerts', 'DELETE /keys/1', 'GET /keys', 'POST /keys', 'POST /seats/connect', 'PUT /credit-alerts'];

/** What the role may not do: each route answering it 403 `forbidden`, with the role it names. */
async function refusedTo(role: 'member' | 'admin' | 'owner'): Promise<Map<string, unknown>> {
  const refused = new Map<string, unknown>();
  for (const { method, path } of operations) {
    const answer = await browsers[role].request(method, path);
    expect(answer.body.error, `${method} ${path} as ${role}`).not.toBe('csrf_failed');
    expect(answer.status, `${method} ${path} as ${role}: ${JSON.stringify(answer.body)}`).not.toBe(500);
    if (answer.body.error === 'forbidden') refused.set(`${method} ${path}`, answer.body.required_role);
  }
  return refused;
}

describe('roles, on every route behind a credential', () => {
  it('lets a member read everything but the keys, and change nothing but closing a lead', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const refused = await refusedTo('member');
    const changes = operations.filter(({ method }) => method !== 'GET').map(({ method, path }) => `${method} ${path}`);
    const allowed = changes.filter((change) => !refused.has(change));
    expect(allowed).toEqual(['POST /autopilot/leads/1/close']);
    expect(operations.filter(({ method }) => method === 'GET').filter(({ method, path }) => refused.has(`${method} ${path}`))).toEqual([{ method: 'GET', path: '/keys' }]);
    for (const [change, role] of refused) expect(role, change).toBe(OWNERS.includes(change) ? 'owner' : 'admin');
  });

  it('lets an admin change everything but the owner’s settings', async () => {
    const refused = await refusedTo('admin');
    expect([...refused.keys()].sort()).toEqual(OWNERS);
    expect(new Set(refused.values())).toEqual(new Set(['owner']));
  });

  it('lets an owner do everything, as an API key may', async () => {
    expect([...(await refusedTo('owner')).keys()]).toEqual([]);
  });
});
