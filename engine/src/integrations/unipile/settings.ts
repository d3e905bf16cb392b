import { ConfigError, type Env, httpUrl, nonEmpty } from '../../platform/env.ts';
import { unipileBaseUrlProblem } from './client.ts';

/** The Unipile workspace the engine talks to: `UNIPILE_API_KEY` and `UNIPILE_BASE_URL` (its DSN). */
export interface UnipileConnection {
  apiKey: string;
  baseUrl: string;
}

/**
 * `UNIPILE_API_KEY` with `UNIPILE_BASE_URL`, or undefined when the key is unset. The channels' seats
 * need only these two (each seat names its own connected account); research also needs
 * `UNIPILE_ACCOUNT_ID`, the account posts are read as (research/settings.ts).
 */
export function unipileConnection(env: Env): UnipileConnection | undefined {
  const apiKey = nonEmpty(env.UNIPILE_API_KEY);
  // A base URL is checked even while the key is unset: a mistake in it should not wait for the key.
  const baseUrl = httpUrl(env, 'UNIPILE_BASE_URL');
  const problem = baseUrl && unipileBaseUrlProblem(baseUrl);
  if (problem) throw new ConfigError(`UNIPILE_BASE_URL cannot be used: ${problem}`);
  if (apiKey === undefined) return undefined;
  if (baseUrl === undefined) throw new ConfigError('UNIPILE_API_KEY needs UNIPILE_BASE_URL (your Unipile DSN)');
  return { apiKey, baseUrl };
}
