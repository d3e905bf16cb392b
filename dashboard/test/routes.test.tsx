import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { preloadPage } from '../src/routes';
import { fakeEngine } from './engine';

const LEAD = { id: 12, email: 'ada@acme.de', timeline: [] };

/** What a first load of an address asks the engine for before React renders: the session, and the page's first data. */
async function asked(pathname: string) {
  const { calls } = fakeEngine({
    'GET /auth/session': { status: 200, body: { csrf_token: 'token', role: 'owner' } },
    'GET /autopilot/leads/12': { status: 200, body: LEAD },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  preloadPage(pathname, client);
  await expect.poll(() => client.isFetching()).toBe(0);
  return { paths: calls.map((call) => `${call.method} ${call.path}`), client };
}

describe('a first load', () => {
  it("asks for a lead's page's session and lead at once, and keeps the answers for the page", async () => {
    const { paths, client } = await asked('/leads/12');
    expect(paths.sort()).toEqual(['GET /auth/session', 'GET /autopilot/leads/12']);
    expect(client.getQueryData(['lead', 12])).toEqual(LEAD);
  });

  it('asks for no lead the page would refuse to show', async () => {
    expect((await asked('/leads/twelve')).paths).toEqual(['GET /auth/session']);
    expect((await asked('/leads/0')).paths).toEqual(['GET /auth/session']);
  });

  it('asks for the session alone on a page with no early data, or an unknown address', async () => {
    expect((await asked('/autopilots')).paths).toEqual(['GET /auth/session']);
    expect((await asked('/no/such/page')).paths).toEqual(['GET /auth/session']);
  });
});
