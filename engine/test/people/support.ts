import { expect } from 'vitest';
import type { Pool } from '../../src/platform/database/database.ts';
import type { Role } from '../../src/platform/http/roles.ts';
import { insertInvitation } from '../../src/people/invitations.ts';

export const PASSWORD = 'correct horse battery staple';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A browser as far as sign-in goes: it keeps the `pr_session` cookie it was given and sends it back. */
export class Browser {
  cookie: string | undefined;
  csrf: string | undefined;

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(this.cookie ? { cookie: `pr_session=${this.cookie}` } : {}) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if ((options.csrf ?? true) && this.csrf && !['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] = this.csrf;
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: { ...headers, ...options.headers }, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('pr_session='));
    if (setCookie !== undefined) this.cookie = /^pr_session=([^;]*)/.exec(setCookie)![1] || undefined;
    const body = text && response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (typeof body.csrf_token === 'string') this.csrf = body.csrf_token;
    return { status: response.status, body, headers: response.headers };
  }

  async signIn(email: string, password = PASSWORD): Promise<Answer> {
    return this.request('POST', '/auth/sign-in', { body: { email, password } });
  }
}

/** A person with a sign-in to the account with `role`, created through an invitation as the dashboard does; their browser, signed in. */
export async function member(pool: Pool, baseUrl: string, accountId: number, email: string, role: Role): Promise<Browser> {
  const token = await insertInvitation(pool, { accountId, email, role, validForMs: 3_600_000 });
  const browser = new Browser(baseUrl);
  const accepted = await browser.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return browser;
}
