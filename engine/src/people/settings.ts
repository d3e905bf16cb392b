import { type MailAccess, mailAccess, mailboxSettings } from '../mailboxes/index.ts';
import { type Env, integer } from '../platform/env.ts';
import { Secrets } from '../platform/secrets.ts';
import type { PlatformSettings } from '../platform/settings.ts';

/** What people and sign-in read from the environment (the README's configuration table). */
export interface PeopleSettings {
  /** From SECRET_KEY: derives each session's CSRF token. Unset, sign-in answers 503 `secret_key_missing`. */
  secrets: Secrets | undefined;
  /** `PUBLIC_URL`: invitation links start with it; its origin is the engine's own, and an https one makes the cookie `Secure`. */
  publicUrl: string;
  /** `SESSION_IDLE_HOURS` (default 24): a session unused this long ends. */
  idleMs: number;
  /** `SESSION_MAX_DAYS` (default 14): a session ends this long after sign-in, however used. */
  maxAgeMs: number;
  /** `INVITATION_DAYS` (default 7): how long an invitation or reset link works. */
  invitationMs: number;
  /** `SIGN_IN_ATTEMPTS_PER_ADDRESS` (default 10) and `SIGN_IN_ATTEMPTS_PER_IP` (default 50): sign-in attempts per 15 minutes. */
  attemptsPerAddress: number;
  attemptsPerIp: number;
  /** How `users invite` e-mails its link from the account's mailbox (its password needs SECRET_KEY; `EMAIL_ALLOW_PRIVATE_HOSTS`). */
  mailAccess: MailAccess;
}

/** The window sign-in attempts are counted in. */
export const ATTEMPT_WINDOW_SECONDS = 15 * 60;

const HOUR = 3_600_000;

export function peopleSettings(env: Env, platform: PlatformSettings): PeopleSettings {
  const secrets = platform.secretKey ? new Secrets(platform.secretKey) : undefined;
  return {
    secrets,
    publicUrl: platform.publicUrl,
    idleMs: integer(env, 'SESSION_IDLE_HOURS', 24, { min: 1 }) * HOUR,
    maxAgeMs: integer(env, 'SESSION_MAX_DAYS', 14, { min: 1 }) * 24 * HOUR,
    invitationMs: integer(env, 'INVITATION_DAYS', 7, { min: 1 }) * 24 * HOUR,
    attemptsPerAddress: integer(env, 'SIGN_IN_ATTEMPTS_PER_ADDRESS', 10, { min: 1 }),
    attemptsPerIp: integer(env, 'SIGN_IN_ATTEMPTS_PER_IP', 50, { min: 1 }),
    mailAccess: mailAccess(secrets, mailboxSettings(env)),
  };
}

/** The start-up log's line: whether people can sign in, and for how long a session lasts. */
export function peopleSummary(settings: PeopleSettings): string {
  if (!settings.secrets) return 'sign-in is off: SECRET_KEY is not set (openssl rand -base64 32); API keys work as before';
  return `sign-in on: sessions end after ${settings.idleMs / HOUR} h idle or ${settings.maxAgeMs / (24 * HOUR)} days; invitation links start ${settings.publicUrl}/app/invitation/`;
}
