import { describe, expect, it } from 'vitest';
import { insertInvitation } from '../../src/people/invitations.ts';
import { client, useTestEngine } from '../support/engine.ts';
import { Browser, PASSWORD } from './support.ts';

// A deployment (DATABASE_URL) that did not set SECRET_KEY: no kept key is made for it.
const fixture = useTestEngine({ worker: false });

describe('sign-in without SECRET_KEY', () => {
  it('is refused in words, while API keys work as before', async () => {
    const browser = new Browser(fixture.engine.url);
    const signIn = await browser.signIn('anna@acme.example');
    expect(signIn.status).toBe(503);
    expect(signIn.body).toEqual({ error: 'secret_key_missing', message: expect.stringContaining('SECRET_KEY') });
    // The key is checked before the body: what was sent does not change the answer.
    expect((await browser.request('POST', '/auth/sign-in', { body: { nonsense: true } })).body).toMatchObject({ error: 'secret_key_missing' });
    expect((await browser.request('POST', '/auth/sign-in')).body).toMatchObject({ error: 'secret_key_missing' });
    const token = await insertInvitation(fixture.engine.pool, { accountId: fixture.customer.account.id, email: 'anna@acme.example', role: 'admin', validForMs: 60_000 });
    expect((await browser.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } })).body).toMatchObject({ error: 'secret_key_missing' });
    // The link is still there for when the key is set.
    expect((await browser.request('GET', `/auth/invitations/${token}`)).status).toBe(200);
    expect((await client(fixture.engine.url, fixture.customer.key).account()).status).toBe(200);
  });
});
