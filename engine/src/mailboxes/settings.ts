import { boolean, type Env } from '../platform/env.ts';

/**
 * What mailboxes take from the environment wherever they send from: the e-mail channel's touches and
 * the credit alerts alike (README, configuration table).
 */
export interface MailboxSettings {
  /** `EMAIL_ALLOW_PRIVATE_HOSTS` (default false): mailbox hosts may be private addresses (a self-hosted mail server on the engine's network). */
  allowPrivateHosts: boolean;
}

export function mailboxSettings(env: Env): MailboxSettings {
  return { allowPrivateHosts: boolean(env, 'EMAIL_ALLOW_PRIVATE_HOSTS', false) };
}
