import { describe, expect, it } from 'vitest';
import { localLinksWarning } from '../../src/platform/localLinks.ts';
import { platformSettings } from '../../src/platform/settings.ts';

/** The warning the start-up log would carry for these variables (nothing else set). */
const warning = (env: Record<string, string>) => localLinksWarning(env, platformSettings(env));

describe('the start-up warning about links that point at this machine', () => {
  it.each([
    ['PUBLIC_URL unset, listening on every interface (the default)', {}],
    ['PUBLIC_URL unset, listening on a network address', { HOST: '192.0.2.10' }],
    ['PUBLIC_URL on localhost, listening on every interface', { HOST: '::', PUBLIC_URL: 'http://localhost:3000' }],
    ['PUBLIC_URL on 127.0.0.1, listening on every interface', { PUBLIC_URL: 'http://127.0.0.1:8080' }],
    ['PUBLIC_URL on ::1, listening on every interface', { PUBLIC_URL: 'http://[::1]:3000' }],
    ['PUBLIC_URL on 0.0.0.0', { PUBLIC_URL: 'http://0.0.0.0:3000' }],
    ['PUBLIC_URL unset, in production behind a proxy on this machine', { HOST: '127.0.0.1', NODE_ENV: 'production' }],
  ])('warns with %s', (_name, env) => {
    const line = warning(env);
    expect(line).toMatch(/^PUBLIC_URL is .* though .*: unsubscribe links, OAuth redirects and dashboard links will point at http:\/\/\S+, which only this machine opens; set PUBLIC_URL/);
    expect(line).not.toContain('\n');
  });

  it.each([
    ['a public address', { PUBLIC_URL: 'https://research.example.com' }],
    ['a public address in production', { PUBLIC_URL: 'https://research.example.com', NODE_ENV: 'production', HOST: '0.0.0.0' }],
    ['a LAN address', { PUBLIC_URL: 'http://192.168.1.20:3000' }],
    ['no PUBLIC_URL, on the loopback interface only, not in production (a laptop)', { HOST: '127.0.0.1' }],
    ['no PUBLIC_URL, on localhost only', { HOST: 'localhost', NODE_ENV: 'development' }],
  ])('is quiet with %s', (_name, env) => {
    expect(warning(env)).toBeUndefined();
  });

  it('names what it saw: the variable unset or its value, and why others follow the links', () => {
    expect(warning({ HOST: '0.0.0.0', PORT: '4000' })).toBe(
      "PUBLIC_URL is unset though the engine listens on 0.0.0.0 (HOST), not only on this machine's loopback interface: unsubscribe links, OAuth redirects and dashboard links will point at http://localhost:4000, which only this machine opens; set PUBLIC_URL to the address people reach the engine at (docs/deploying.md)",
    );
    expect(warning({ HOST: '127.0.0.1', NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000/' })).toMatch(/^PUBLIC_URL is http:\/\/localhost:3000 though NODE_ENV is production: /);
  });
});
