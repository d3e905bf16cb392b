import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/index.ts';
import { dashboardModule } from '../../src/dashboard/index.ts';
import { useEngine } from '../support/engine.ts';

// A build as Vite lays it out: index.html naming a hashed asset.
const dist = mkdtempSync(join(tmpdir(), 'prospect-dashboard-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/app/assets/index-abc123.js"></script>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("dashboard")');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const fixture = useEngine({ worker: false, modules: [accountsModule(), dashboardModule()], env: { DASHBOARD_DIR: dist } });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${fixture.engine.url}${path}`, { headers, redirect: 'manual' });

describe('the dashboard at /app', () => {
  it('serves index.html for /app and every client route below it, for the browser to ask again each time', async () => {
    for (const path of ['/app', '/app/', '/app/settings', '/app/invitation/abc']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(await answer.text()).toContain('/app/assets/index-abc123.js');
    }
  });

  it('serves hashed assets to be kept for a year, and answers a missing one 404 instead of the page', async () => {
    const asset = await get('/app/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("dashboard")');
    const missing = await get('/app/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found' });
  });

  it('sends a browser asking for / to /app, and leaves API clients their JSON', async () => {
    const browser = await get('/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/app/');
    const apiClient = await get('/', { accept: 'application/json' });
    expect(apiClient.status).toBe(404);
    expect(await apiClient.json()).toEqual({ error: 'not_found' });
    expect((await get('/account')).status).toBe(401);
  });

  it('keeps its pages out of the OpenAPI document', async () => {
    const document = (await (await get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path === '/' || path.startsWith('/app'))).toEqual([]);
  });
});
