import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { apiKeyAuthentication } from '../../../src/accounts/authenticate.ts';
import { buildServer } from '../../../src/platform/http/server.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { opsSettings } from '../../../src/platform/ops/settings.ts';

/** A server with one route that answers the client address it sees. */
async function clientAddress(trustProxy: string | undefined, forwardedFor: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/never' });
  const app = buildServer({
    pool,
    log: createLogger('silent'),
    authentication: apiKeyAuthentication(pool, 'pr'),
    routes: ({ open }) => open.get('/ip', { schema: { hide: true } }, async (request) => ({ ip: request.ip })),
    trustProxy: opsSettings({ TRUST_PROXY: trustProxy }).trustProxy,
  });
  try {
    const answer = await app.inject({ method: 'GET', url: '/ip', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwardedFor } });
    return answer.json<{ ip: string }>().ip;
  } finally {
    await app.close();
    await pool.end();
  }
}

describe('TRUST_PROXY', () => {
  it("off: the client is the connection's address, whatever X-Forwarded-For says", async () => {
    expect(await clientAddress(undefined, '203.0.113.7')).toBe('10.0.0.2');
  });

  it('on: the client is the one the proxy names', async () => {
    expect(await clientAddress('true', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('10.0.0.0/8', '203.0.113.7')).toBe('203.0.113.7');
    // One hop trusted: the proxy's own view of its client, not what the client claimed before it.
    expect(await clientAddress('1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // A connection from an address not in the list is not a proxy we trust.
    expect(await clientAddress('192.168.0.0/16', '203.0.113.7')).toBe('10.0.0.2');
  });
});
