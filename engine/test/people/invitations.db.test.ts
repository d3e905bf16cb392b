import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertInvitation } from '../../src/people/invitations.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { cliFor } from '../support/runCli.ts';
import { Browser, PASSWORD } from './support.ts';

// A fresh install: the first start creates the account, its key and the owner's link.
const fixture = useEngine({ worker: false, env: { SECRET_KEY: randomBytes(32).toString('base64') } });
const browser = () => new Browser(fixture.engine.url);

/** The link the first start printed, and its token. */
function ownerLink(): { link: string; token: string } {
  const match = /^ {2}(http:\/\/localhost:\d+\/app\/invitation\/([A-Za-z0-9_-]{43}))$/m.exec(fixture.engine.printed.join('\n'));
  expect(match, fixture.engine.printed.join('\n')).not.toBeNull();
  return { link: match![1]!, token: match![2]! };
}

describe('the first start', () => {
  it("prints a one-time link that creates the owner's sign-in", async () => {
    const { link, token } = ownerLink();
    expect(link).toBe(`${fixture.engine.url.replace('127.0.0.1', 'localhost')}/app/invitation/${token}`);
    const offered = await browser().request('GET', `/auth/invitations/${token}`);
    expect(offered.body).toEqual({ email: null, account: { id: expect.any(Number), name: 'Local account' }, role: 'owner', expires_at: expect.any(String) });

    const owner = browser();
    const withoutAddress = await owner.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(withoutAddress.status).toBe(400);
    expect(withoutAddress.body.error).toBe('invalid_user');
    const short = await owner.request('POST', `/auth/invitations/${token}/accept`, { body: { password: 'too short', email: 'owner@acme.example' } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: 'invalid_password', problems: [{ severity: 'error', path: '/password', message: 'The password must have at least 12 characters; it has 9' }] });

    const accepted = await owner.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD, email: 'Owner@Acme.example', name: 'Olga Owner' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ user: { email: 'owner@acme.example', name: 'Olga Owner' }, role: 'owner', account: { name: 'Local account' } });
    expect(owner.cookie).toBeDefined();
    // Used up: the link offers nothing more, however asked.
    expect((await browser().request('GET', `/auth/invitations/${token}`)).body).toEqual({ error: 'invitation_not_found' });
    expect((await browser().request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD, email: 'mallory@evil.example' } })).body).toEqual({
      error: 'invitation_not_found',
    });
    expect((await browser().signIn('owner@acme.example')).status).toBe(200);
  });

  it("lets a known address take an invitation with its own password only: a link's holder cannot set someone's password", async () => {
    const globex = await createCustomer(fixture.engine.pool, { name: 'Globex' });
    const token = await insertInvitation(fixture.engine.pool, { accountId: globex.account.id, email: 'owner@acme.example', role: 'admin', validForMs: 60_000 });
    const taken = await browser().request('POST', `/auth/invitations/${token}/accept`, { body: { password: 'the holder chose this one' } });
    expect(taken.status).toBe(401);
    expect(taken.body).toEqual({ error: 'invalid_credentials' });
    expect((await browser().signIn('owner@acme.example', 'the holder chose this one')).status).toBe(401);
    const owner = browser();
    const accepted = await owner.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect((accepted.body.accounts as { name: string; role: string }[]).map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'Local account', role: 'owner' },
      { name: 'Globex', role: 'admin' },
    ]);
  });

  it('refuses an expired link as an unknown one', async () => {
    const { rows } = await fixture.engine.pool.query<{ id: number }>('SELECT id::int FROM accounts LIMIT 1');
    const token = await insertInvitation(fixture.engine.pool, { accountId: rows[0]!.id, email: 'late@acme.example', role: 'member', validForMs: 60_000 });
    await fixture.engine.pool.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = 'late@acme.example'`);
    expect((await browser().request('GET', `/auth/invitations/${token}`)).body).toEqual({ error: 'invitation_not_found' });
    expect((await browser().request('GET', '/auth/invitations/no-such-token')).body).toEqual({ error: 'invitation_not_found' });
  });
});

describe('prospect-engine users', () => {
  it('invites, lists, resets a password and removes, each link working once', async () => {
    const cli = cliFor(fixture.database.url);
    const { rows } = await fixture.engine.pool.query<{ id: number }>('SELECT id::int FROM accounts LIMIT 1');
    const account = String(rows[0]!.id);

    const invited = await cli.json<{ link: string }>('users', 'invite', '--account', account, '--email', 'Pia@Acme.example', '--role', 'admin');
    expect(invited).toMatchObject({ email: 'pia@acme.example', role: 'admin', link: expect.stringMatching(/\/app\/invitation\/[A-Za-z0-9_-]{43}$/) });
    const pia = browser();
    const token = invited.link.split('/').at(-1)!;
    expect((await pia.request('GET', `/auth/invitations/${token}`)).body).toMatchObject({ email: 'pia@acme.example', role: 'admin' });
    expect((await pia.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } })).body).toMatchObject({ role: 'admin' });
    expect((await cli.json<{ email: string; role: string }[]>('users', 'list', '--account', account)).map(({ email, role }) => ({ email, role }))).toEqual(
      expect.arrayContaining([
        { email: 'pia@acme.example', role: 'admin' },
        { email: 'owner@acme.example', role: 'owner' },
      ]),
    );
    expect((await cli.fails('users', 'invite', '--account', account, '--email', 'x@acme.example', '--role', 'king')).code).not.toBe(0);

    // A reset link sets a new password, which ends every session the old one opened.
    const reset = await cli.json<{ link: string }>('users', 'reset-password', 'pia@acme.example');
    const resetToken = reset.link.split('/').at(-1)!;
    expect((await browser().request('GET', `/auth/invitations/${resetToken}`)).body).toMatchObject({ email: 'pia@acme.example', role: 'admin' });
    const renewed = browser();
    expect((await renewed.request('POST', `/auth/invitations/${resetToken}/accept`, { body: { password: 'a brand new passphrase' } })).status).toBe(200);
    expect((await pia.request('GET', '/auth/session')).body).toEqual({ error: 'not_signed_in' });
    expect((await browser().signIn('pia@acme.example')).body).toEqual({ error: 'invalid_credentials' });
    expect((await browser().signIn('pia@acme.example', 'a brand new passphrase')).status).toBe(200);

    // Removed: their sessions end at once, and they can no longer sign in.
    expect(await cli.json('users', 'remove', 'pia@acme.example', '--account', account)).toMatchObject({ email: 'pia@acme.example', role: 'admin' });
    expect((await renewed.request('GET', '/account')).body).toEqual({ error: 'not_signed_in' });
    expect((await browser().signIn('pia@acme.example', 'a brand new passphrase')).body).toEqual({ error: 'invalid_credentials' });
    expect((await cli.fails('users', 'remove', '--account', account, '--email', 'pia@acme.example')).code).not.toBe(0);
  });
});
