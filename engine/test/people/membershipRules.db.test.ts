/**
 * Two rules that keep an account in hand: accepting an invitation never lowers the role its person
 * already has there (it raises it when the invitation's is higher), and an account that has an owner
 * never loses the last one (`users remove` refuses with `last_owner`).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertInvitation } from '../../src/people/invitations.ts';
import { createCustomer, useTestEngine } from '../support/engine.ts';
import { cliFor } from '../support/runCli.ts';
import { Browser, member, PASSWORD } from './support.ts';

const fixture = useTestEngine({ worker: false, env: { SECRET_KEY: randomBytes(32).toString('base64') } }, { name: 'Acme Sales' });

async function roleOf(email: string): Promise<string | undefined> {
  const { rows } = await fixture.engine.pool.query<{ role: string }>('SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.account_id = $2', [
    email,
    fixture.customer.account.id,
  ]);
  return rows[0]?.role;
}

/** Accepts an invitation for `email` with `role` as its known person does (with their password); what the link offered first. */
async function reinvite(email: string, role: 'member' | 'admin' | 'owner') {
  const token = await insertInvitation(fixture.engine.pool, { accountId: fixture.customer.account.id, email, role, validForMs: 60_000 });
  const browser = new Browser(fixture.engine.url);
  const offered = await browser.request('GET', `/auth/invitations/${token}`);
  const accepted = await browser.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { offered: offered.body.role, signedInAs: accepted.body.role };
}

describe('an invitation for someone already in the account', () => {
  it('never lowers their role: an owner invited as a member stays the owner, and the link says so first', async () => {
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'olga@acme.example', 'owner');
    expect(await reinvite('olga@acme.example', 'member')).toEqual({ offered: 'owner', signedInAs: 'owner' });
    expect(await roleOf('olga@acme.example')).toBe('owner');
  });

  it('raises it when the invitation offers more', async () => {
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'max@acme.example', 'member');
    expect(await reinvite('max@acme.example', 'admin')).toEqual({ offered: 'admin', signedInAs: 'admin' });
    expect(await roleOf('max@acme.example')).toBe('admin');
  });

  it('tells ops at `users invite` that the role will stay', async () => {
    const cli = cliFor(fixture.database.url);
    const result = await cli.run('users', 'invite', '--account', String(fixture.customer.account.id), '--email', 'max@acme.example', '--role', 'member');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('max@acme.example is already admin here, and an invitation never lowers a role: they stay admin.');
  });
});

describe('the last owner', () => {
  it('cannot be removed; once another owner is in, either may go', async () => {
    const cli = cliFor(fixture.database.url);
    const account = String(fixture.customer.account.id);
    // Olga is the only owner so far (Max is an admin).
    const refused = await cli.fails('users', 'remove', 'olga@acme.example', '--account', account);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('olga@acme.example is the only owner of account');
    expect(refused.stderr).toContain('invite another owner first');
    expect(await roleOf('olga@acme.example')).toBe('owner');
    // Olga's session still works: nothing of the refused removal happened.
    expect((await new Browser(fixture.engine.url).signIn('olga@acme.example')).status).toBe(200);

    expect(await reinvite('max@acme.example', 'owner')).toEqual({ offered: 'owner', signedInAs: 'owner' });
    expect(await cli.json('users', 'remove', 'olga@acme.example', '--account', account)).toMatchObject({ email: 'olga@acme.example', role: 'owner' });
    expect((await cli.fails('users', 'remove', 'max@acme.example', '--account', account)).stderr).toContain('max@acme.example is the only owner');
    // Members who are not owners go as before.
    await member(fixture.engine.pool, fixture.engine.url, fixture.customer.account.id, 'ned@acme.example', 'admin');
    expect(await cli.json('users', 'remove', '--account', account, '--email', 'ned@acme.example')).toMatchObject({ role: 'admin' });
  });

  it('is kept by the database too, whatever changes the memberships; deleting the account itself is let through', async () => {
    const { pool } = fixture.engine;
    const accountId = fixture.customer.account.id;
    // Max is now the only owner.
    const max = `(SELECT id FROM users WHERE email = 'max@acme.example')`;
    await expect(pool.query(`UPDATE memberships SET role = 'admin' WHERE user_id = ${max} AND account_id = $1`, [accountId])).rejects.toThrow(/would be left without an owner/);
    await expect(pool.query(`DELETE FROM memberships WHERE user_id = ${max} AND account_id = $1`, [accountId])).rejects.toThrow(/would be left without an owner/);
    await expect(pool.query(`DELETE FROM users WHERE email = 'max@acme.example'`)).rejects.toThrow(/would be left without an owner/);
    expect(await roleOf('max@acme.example')).toBe('owner');

    const other = await createCustomer(pool, { name: 'Globex' });
    await member(pool, fixture.engine.url, other.account.id, 'gia@globex.example', 'owner');
    await pool.query('DELETE FROM accounts WHERE id = $1', [other.account.id]);
    expect((await pool.query(`SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'gia@globex.example'`)).rows).toEqual([]);
  });
});
