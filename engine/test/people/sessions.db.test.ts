import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertInvitation } from '../../src/people/invitations.ts';
import { ATTEMPT_WINDOW_SECONDS } from '../../src/people/settings.ts';
import { createCustomer, type Customer, client, useTestEngine } from '../support/engine.ts';
import { Browser, member, PASSWORD } from './support.ts';

const PUBLIC_URL = 'https://research.example.com';

const fixture = useTestEngine(
  { worker: false, env: { SECRET_KEY: randomBytes(32).toString('base64'), PUBLIC_URL, SIGN_IN_ATTEMPTS_PER_ADDRESS: '5', SIGN_IN_ATTEMPTS_PER_IP: '12' } },
  { name: 'Acme Sales' },
);
const browser = () => new Browser(fixture.engine.url);

let other: Customer;
beforeAll(async () => {
  other = await createCustomer(fixture.engine.pool, { name: 'Globex' });
});
// Each test counts its own sign-in attempts.
afterEach(async () => {
  await fixture.engine.pool.query('DELETE FROM sign_in_attempts');
});

/**
 * Attempts count in fixed windows of the database's clock: a test that counts up to a limit starts
 * well inside one (at least 20 s before its end), or its attempts would fall into two windows.
 */
async function inOneAttemptWindow(): Promise<void> {
  const { rows } = await fixture.engine.pool.query<{ left: number }>('SELECT $1 - mod(extract(epoch FROM now())::numeric, $1) AS left', [ATTEMPT_WINDOW_SECONDS]);
  const left = Number(rows[0]!.left);
  if (left < 20) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure (under an https PUBLIC_URL) cookie and answers the session', async () => {
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'anna@acme.example', 'admin');
    const anna = browser();
    const response = await fetch(`${fixture.engine.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'Anna@ACME.example', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('pr_session='))!;
    expect(cookie).toMatch(/^pr_session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']));
    const session = (await response.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      user: { email: 'anna@acme.example', name: 'anna' },
      account: { id: fixture.customer.account.id, name: 'Acme Sales' },
      role: 'admin',
      accounts: [{ id: fixture.customer.account.id, name: 'Acme Sales', role: 'admin' }],
    });
    expect(session.csrf_token).toEqual(expect.any(String));
    expect(Date.parse(session.expires_at as string)).toBeGreaterThan(Date.now());
    // The session reads the API as the account it acts in.
    expect((await anna.signIn('anna@acme.example')).status).toBe(200);
    expect((await anna.request('GET', '/account')).body).toMatchObject({ id: fixture.customer.account.id, name: 'Acme Sales' });
  });

  it('answers an unknown address and a wrong password alike', async () => {
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'ben@acme.example', 'member');
    const unknown = await browser().signIn('nobody@acme.example');
    const wrong = await browser().signIn('ben@acme.example', 'not the password at all');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'invalid_credentials' });
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('gives a new token at every sign-in, and ends the session the browser still carried', async () => {
    const cara = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'cara@acme.example', 'member');
    const first = cara.cookie!;
    expect((await cara.signIn('cara@acme.example')).status).toBe(200);
    expect(cara.cookie).toBeDefined();
    expect(cara.cookie).not.toBe(first);
    const old = new Browser(fixture.engine.url);
    old.cookie = first;
    expect((await old.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
    expect((await cara.request('GET', '/auth/session')).status).toBe(200);
  });

  it('limits attempts per address, even with the right password, and says when to try again', async () => {
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'dan@acme.example', 'member');
    await inOneAttemptWindow();
    for (let i = 0; i < 5; i++) expect((await browser().signIn('dan@acme.example', 'wrong password, try again')).status).toBe(401);
    const refused = await browser().signIn('dan@acme.example');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_attempts', retry_after_seconds: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retry_after_seconds);
    expect(refused.body.retry_after_seconds).toBeGreaterThan(0);
    expect(refused.body.retry_after_seconds).toBeLessThanOrEqual(15 * 60);
    // Another address from the same client is still let through.
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'eve@acme.example', 'member');
    expect((await browser().signIn('eve@acme.example')).status).toBe(200);
  });

  it('limits attempts per client address, across addresses', async () => {
    await inOneAttemptWindow();
    for (let i = 0; i < 12; i++) expect((await browser().signIn(`guess${i}@acme.example`, 'a guessed password')).status).toBe(401);
    expect((await browser().signIn('guess-more@acme.example', 'a guessed password')).body).toMatchObject({ error: 'too_many_attempts' });
  });

  it('refuses a body that is not an address and a password, in words, once the origin is checked', async () => {
    const answer = await browser().request('POST', '/auth/sign-in', { body: { email: 'anna@acme.example' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_body', problems: [expect.objectContaining({ severity: 'error', message: expect.stringContaining('password') })] });
    expect((await browser().request('POST', '/auth/sign-in')).body).toEqual({
      error: 'invalid_body',
      problems: [{ severity: 'error', path: '', message: 'The request has no body: send it as JSON' }],
    });
    expect((await browser().request('POST', '/auth/sign-in', { body: { email: 'a\u0000b@acme.example', password: PASSWORD } })).body).toMatchObject({
      error: 'invalid_body',
      problems: [{ path: '/email', message: '"email" holds characters that cannot be stored' }],
    });
    // Another site's post is refused before its body is looked at; so is a session change without a session.
    expect((await browser().request('POST', '/auth/sign-in', { body: { nonsense: true }, headers: { origin: 'https://evil.example' } })).body).toEqual({ error: 'csrf_failed' });
    expect((await browser().request('PUT', '/auth/session/account', { body: { account_id: 'one' } })).body).toEqual({ error: 'not_signed_in' });
  });

  it('takes passwords as typed: spaces around one are part of it', async () => {
    const token = await insertInvitation(fixture.engine.pool, { accountId: fixture.customer.account.id, email: 'spaces@acme.example', role: 'member', validForMs: 60_000 });
    expect((await browser().request('POST', `/auth/invitations/${token}/accept`, { body: { password: `  ${PASSWORD}  ` } })).status).toBe(200);
    expect((await browser().signIn('spaces@acme.example')).body).toEqual({ error: 'invalid_credentials' });
    expect((await browser().signIn('spaces@acme.example', `  ${PASSWORD}  `)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('ends a session left idle too long, and one past its absolute end', async () => {
    const idle = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'fay@acme.example', 'member');
    await fixture.engine.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '25 hours' WHERE user_id = (SELECT id FROM users WHERE email = 'fay@acme.example')`);
    expect((await idle.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
    expect((await idle.request('GET', '/account')).body).toEqual({ error: 'not_signed_in' });

    const used = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'gus@acme.example', 'member');
    // Used a minute ago, but signed in more than 14 days ago.
    await fixture.engine.pool.query(
      `UPDATE sessions SET last_seen_at = now() - interval '1 minute', expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'gus@acme.example')`,
    );
    expect((await used.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
  });

  it('keeps an active session alive: each use restarts its idle clock', async () => {
    const hal = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'hal@acme.example', 'member');
    await fixture.engine.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '23 hours' WHERE user_id = (SELECT id FROM users WHERE email = 'hal@acme.example')`);
    expect((await hal.request('GET', '/auth/session')).status).toBe(200);
    const { rows } = await fixture.engine.pool.query<{ idle: number }>(
      `SELECT extract(epoch FROM now() - last_seen_at)::int AS idle FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'hal@acme.example')`,
    );
    expect(rows[0]!.idle).toBeLessThan(60);
  });

  it('signs out this session, or every session of the person', async () => {
    const ida = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'ida@acme.example', 'member');
    const out = await ida.request('POST', '/auth/sign-out');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^pr_session=;.*Max-Age=0/);
    expect((await ida.request('GET', '/auth/session')).status).toBe(401);

    const laptop = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'jon@acme.example', 'member');
    const phone = browser();
    expect((await phone.signIn('jon@acme.example')).status).toBe(200);
    expect((await laptop.request('POST', '/auth/sign-out-everywhere')).status).toBe(204);
    expect((await phone.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
    expect((await laptop.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
  });

  it("acts in the account the person chooses among theirs, and sees nothing of another's (404, as with keys)", async () => {
    const kim = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'kim@acme.example', 'admin');
    const research = await client(fixture.engine.url, fixture.customer.key).research({ email: 'jane.doe@example.com', company_name: 'Example Inc' });
    expect(research.status).toBe(202);
    const id = research.body.research_id as string;
    expect((await kim.request('GET', `/research-status/${id}`)).status).toBe(200);

    // Kim also joins Globex; switching there, Acme's research is another account's.
    await member(fixture.engine.pool, fixture.engine.url, other.account.id, 'kim@acme.example', 'member');
    expect((await kim.signIn('kim@acme.example')).status).toBe(200);
    const switched = await kim.request('PUT', '/auth/session/account', { body: { account_id: other.account.id } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ account: { id: other.account.id, name: 'Globex' }, role: 'member' });
    expect((switched.body.accounts as unknown[]).length).toBe(2);
    expect((await kim.request('GET', '/account')).body).toMatchObject({ id: other.account.id });
    expect((await kim.request('GET', `/research-status/${id}`)).body).toEqual({ error: 'not_found' });

    // An account that is not theirs cannot be chosen.
    const stranger = await createCustomer(fixture.engine.pool, { name: 'Initech' });
    expect((await kim.request('PUT', '/auth/session/account', { body: { account_id: stranger.account.id } })).body).toMatchObject({ error: 'account_not_found' });
  });
});

describe('cross-site requests', () => {
  it('refuses a cross-site form post, a change without the CSRF token, and one from a foreign origin', async () => {
    const leo = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'leo@acme.example', 'owner');
    // What a page on another site can send: a form post; SameSite=Lax keeps the cookie off it in a browser, and even with it the engine refuses.
    const form = await fetch(`${fixture.engine.url}/autopilot/leads/1/close`, {
      method: 'POST',
      headers: { cookie: `pr_session=${leo.cookie}`, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=closed',
    });
    expect(form.status).toBe(403);
    expect(await form.json()).toEqual({ error: 'csrf_failed' });
    expect((await leo.request('POST', '/autopilot/leads/1/close', { csrf: false })).body).toEqual({ error: 'csrf_failed' });
    expect((await leo.request('POST', '/autopilot/leads/1/close', { headers: { 'x-csrf-token': 'forged' } })).body).toEqual({ error: 'csrf_failed' });
    expect((await leo.request('POST', '/autopilot/leads/1/close', { headers: { origin: 'https://evil.example' } })).body).toEqual({ error: 'csrf_failed' });
    expect((await leo.request('POST', '/auth/sign-out', { csrf: false })).body).toEqual({ error: 'csrf_failed' });
    // With its token, from the engine's own origin, the change goes through to the route (no such lead).
    expect((await leo.request('POST', '/autopilot/leads/1/close', { headers: { origin: PUBLIC_URL } })).body).toMatchObject({ error: 'lead_not_found' });
    // A signed-in session's token does not serve another session.
    const mia = await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'mia@acme.example', 'owner');
    expect((await mia.request('POST', '/autopilot/leads/1/close', { headers: { 'x-csrf-token': leo.csrf! } })).body).toEqual({ error: 'csrf_failed' });
    // API keys need no CSRF token.
    expect((await client(fixture.engine.url, fixture.customer.key).request('POST', '/autopilot/leads/1/close')).body).toMatchObject({ error: 'lead_not_found' });
    // A sign-in posted from another site is refused too (login CSRF).
    expect((await browser().request('POST', '/auth/sign-in', { body: { email: 'leo@acme.example', password: PASSWORD }, headers: { origin: 'https://evil.example' } })).body).toEqual({
      error: 'csrf_failed',
    });
  });
});
