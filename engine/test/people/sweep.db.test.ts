/**
 * The people_sweep task (graphile-worker cron, every quarter hour) deletes the sessions no request can
 * open any more, the one-time links no one can take and past sign-in counters, run here by the engine's own worker.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { peopleModule } from '../../src/people/module.ts';
import { insertInvitation } from '../../src/people/invitations.ts';
import { until, useTestEngine } from '../support/engine.ts';
import { member } from './support.ts';

const fixture = useTestEngine({ worker: true, env: { SECRET_KEY: randomBytes(32).toString('base64') } });

const emailsWithSessions = async () =>
  (await fixture.engine.pool.query<{ email: string }>('SELECT DISTINCT u.email FROM sessions s JOIN users u ON u.id = s.user_id ORDER BY u.email')).rows.map(({ email }) => email);
const invitationEmails = async () => (await fixture.engine.pool.query<{ email: string }>('SELECT email FROM invitations ORDER BY email NULLS FIRST')).rows.map(({ email }) => email);

describe('the people sweep', () => {
  it("is scheduled by the engine's worker, every quarter hour", async () => {
    expect(peopleModule().cron?.(undefined as never)).toEqual([expect.objectContaining({ task: 'people_sweep', match: '*/15 * * * *' })]);
    await until('graphile-worker to register the cron items', async () => {
      const { rows } = await fixture.engine.pool.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs');
      return rows.some((row) => row.identifier === 'people_sweep');
    });
  });

  it('deletes sessions past their absolute end or idle too long, and used or expired links; keeps the live ones', async () => {
    const { pool } = fixture.engine;
    const accountId = fixture.customer.account.id;
    for (const email of ['live@acme.example', 'idle@acme.example', 'ended@acme.example']) await member(pool, fixture.engine.url, accountId, email, 'member');
    await pool.query(`UPDATE sessions SET last_seen_at = now() - interval '25 hours' WHERE user_id = (SELECT id FROM users WHERE email = 'idle@acme.example')`);
    await pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'ended@acme.example')`);
    await insertInvitation(pool, { accountId, email: 'pending@acme.example', role: 'member', validForMs: 60_000 });
    await insertInvitation(pool, { accountId, email: 'expired@acme.example', role: 'member', validForMs: 60_000 });
    await pool.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = 'expired@acme.example'`);
    // The three members' invitations were used when they accepted them; the first start's owner link (no address) waits.
    expect(await invitationEmails()).toEqual([null, 'ended@acme.example', 'expired@acme.example', 'idle@acme.example', 'live@acme.example', 'pending@acme.example']);
    expect(await emailsWithSessions()).toEqual(['ended@acme.example', 'idle@acme.example', 'live@acme.example']);

    await pool.query(`INSERT INTO sign_in_attempts (key, window_start, attempts) VALUES ('ip:old', now() - interval '1 hour', 3), ('ip:now', now(), 1)`);

    await pool.query(`SELECT graphile_worker.add_job('people_sweep', '{}'::json)`);
    await until('the sweep ran', async () => (await invitationEmails()).length === 2);
    expect(await invitationEmails()).toEqual([null, 'pending@acme.example']);
    expect(await emailsWithSessions()).toEqual(['live@acme.example']);
    // Sign-in counters of past windows go too; the current window's stay, still counting.
    expect((await pool.query(`SELECT key FROM sign_in_attempts WHERE key IN ('ip:old', 'ip:now')`)).rows).toEqual([{ key: 'ip:now' }]);
  });
});
