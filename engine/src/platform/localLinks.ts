import { isIP } from 'node:net';
import { type Env, nonEmpty } from './env.ts';
import type { PlatformSettings } from './settings.ts';

/** A loopback name or address: only this machine reaches it. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'));
}

/** An address no one elsewhere can follow a link to: loopback, or the "every interface" address. */
function isLocalLink(host: string): boolean {
  return isLoopback(host) || ['0.0.0.0', '[::]'].includes(host);
}

/**
 * One line for the start-up log when the links the engine hands out (unsubscribe links in messages,
 * OAuth redirects, the dashboard's invitation links, Unipile's callbacks) would point at this machine
 * while others are meant to follow them: `PUBLIC_URL` unset or local, and either the engine listening
 * beyond the loopback interface (`HOST`; `0.0.0.0`, every interface, by default) or run as a deployment
 * (`NODE_ENV=production`, as the image and the systemd unit set). Undefined when the links are fine.
 */
export function localLinksWarning(env: Env, platform: Pick<PlatformSettings, 'publicUrl' | 'host'>): string | undefined {
  if (!isLocalLink(new URL(platform.publicUrl).hostname)) return undefined;
  const production = nonEmpty(env.NODE_ENV) === 'production';
  if (!production && isLoopback(platform.host)) return undefined;
  const why = production ? 'NODE_ENV is production' : `the engine listens on ${platform.host} (HOST), not only on this machine's loopback interface`;
  const setting = nonEmpty(env.PUBLIC_URL) === undefined ? 'PUBLIC_URL is unset' : `PUBLIC_URL is ${platform.publicUrl}`;
  return `${setting} though ${why}: unsubscribe links, OAuth redirects and dashboard links will point at ${platform.publicUrl}, which only this machine opens; set PUBLIC_URL to the address people reach the engine at (docs/deploying.md)`;
}
