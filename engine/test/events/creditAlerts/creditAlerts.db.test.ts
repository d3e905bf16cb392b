/**
 * Credit alerts by e-mail: an account that turned them on gets one e-mail at 75% and one at 95% of its
 * monthly credits, sent from its first mailbox through a real SMTP server; none without a recipient, a
 * mailbox, or twice; a mail server asking to wait is tried again, one refusing the address is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../src/accounts/module.ts';
import { runCli } from '../../../src/app/cli/program.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { eventsModule } from '../../../src/events/module.ts';
import { researchModule } from '../../../src/research/module.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../mailboxes/support.ts';
import { startSmtpServer, type TestSmtpServer } from '../../mailboxes/servers.ts';
import { useSequenceEngine } from '../../autopilot/sequence/support.ts';
import { client, until } from '../../support/engine.ts';

const env = { SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true' };
const { pool, fixture, newCustomer } = useSequenceEngine({ realEmail: true, modules: [eventsModule()], env });

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.stop());

const CYCLE = '2030-01-01T00:00:00Z';

async function customerWithPool(credits: number) {
  const customer = await newCustomer();
  await pool().query('UPDATE accounts SET monthly_credits = $2 WHERE id = $1', [customer.accountId, credits]);
  const http = client(fixture.engine.url, customer.customer.key);
  return {
    ...customer,
    http,
    /** The cycle's use set to `used` credits, as debits do (the credits.threshold trigger fires on it). */
    use: (used: number) =>
      pool().query(`INSERT INTO credit_cycles (account_id, cycle_start, used) VALUES ($1, $2, $3) ON CONFLICT (account_id, cycle_start) DO UPDATE SET used = $3`, [customer.accountId, CYCLE, used]),
    alerts: async () =>
      (await http.request('GET', '/credit-alerts')).body as {
        enabled: boolean;
        email: string | null;
        from: string | null;
        recent: { threshold: number; state: string; detail: string | null; recipient: string | null }[];
      },
  };
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** What graphile-worker does when a job waiting for its retry is due: here, now. */
async function retryNow() {
  await pool().query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key LIKE 'credit_alert:%' AND locked_at IS NULL`);
  await pool().query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
}

describe('credit alerts by e-mail', () => {
  it('sends one e-mail at 75% and one at 95% from the first mailbox; without a mailbox it says why; never twice', async () => {
    const customer = await customerWithPool(20);
    expect(await customer.alerts()).toMatchObject({ enabled: false, email: null, from: null, recent: [] });
    const on = await customer.http.request('PUT', '/credit-alerts', { body: { email: 'Ops@Ledgerly.example' } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, email: 'ops@ledgerly.example', thresholds: [75, 95] });

    // 75% with no mailbox yet: nothing can send it, and GET /credit-alerts says so.
    await customer.use(15);
    await until('the 75% alert recorded', async () => (await customer.alerts()).recent.length === 1);
    expect((await customer.alerts()).recent[0]).toMatchObject({ threshold: 75, state: 'not_sent', detail: expect.stringContaining('no mailbox') });

    const mailbox = await customer.http.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null) });
    expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);
    await customer.use(19);
    await until('the 95% alert e-mail', async () => mailsTo('ops@ledgerly.example').length === 1);
    const [mail] = mailsTo('ops@ledgerly.example');
    expect(mail!.from).toBe('anna@acme.test');
    expect(mail!.parsed.subject).toBe("Prospect Research: 95% of this month's credits used");
    expect(mail!.parsed.text).toContain('used 19 of its 20 monthly credits');
    expect(mail!.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    await until('the 95% alert recorded', async () => (await customer.alerts()).recent.length === 2);
    expect(await customer.alerts()).toMatchObject({ from: 'anna@acme.test', recent: [{ threshold: 95, state: 'sent', recipient: 'ops@ledgerly.example' }, { threshold: 75 }] });

    // The job delivered again (a retry after a crash, a hand-queued copy): the record stops a second e-mail.
    const { rows } = await pool().query<{ seq: string }>(`SELECT seq FROM events WHERE account_id = $1 AND type = 'credits.threshold' ORDER BY seq DESC LIMIT 1`, [customer.accountId]);
    await pool().query(`SELECT graphile_worker.add_job('send_credit_alert', json_build_object('eventSeq', $1::bigint))`, [rows[0]!.seq]);
    await until('the copy ran', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'send_credit_alert'`)).rows.length === 0);
    // Debits past 95% and a refund crossing 75% again send nothing more.
    await customer.use(14);
    await customer.use(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('ops@ledgerly.example')).toHaveLength(1);
  });

  it('sends nothing to an account that has not turned them on, or turned them off', async () => {
    const customer = await customerWithPool(4);
    expect((await customer.http.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null, { from_address: 'bo@acme.test' }) })).status).toBe(201);
    await customer.use(3);
    expect((await pool().query(`SELECT 1 FROM events WHERE account_id = $1 AND type = 'credits.threshold'`, [customer.accountId])).rows).toHaveLength(1);
    expect((await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'send_credit_alert'`)).rows).toEqual([]);

    expect((await customer.http.request('PUT', '/credit-alerts', { body: { email: 'bo@ledgerly.example' } })).status).toBe(200);
    const off = await customer.http.request('DELETE', '/credit-alerts');
    expect(off.body).toMatchObject({ enabled: false, email: null, from: 'bo@acme.test' });
    await customer.use(4);
    expect((await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'send_credit_alert'`)).rows).toEqual([]);
    expect(mailsTo('bo@ledgerly.example')).toEqual([]);
  });

  it('tries again when the mail server asks to wait, and records an address it refuses', async () => {
    const customer = await customerWithPool(20);
    expect((await customer.http.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null, { from_address: 'cy@acme.test' }) })).status).toBe(201);
    expect((await customer.http.request('PUT', '/credit-alerts', { body: { email: 'later@ledgerly.example' } })).status).toBe(200);
    smtp.refuse.set('later@ledgerly.example', { code: 451, message: '4.7.1 Try again later' });
    await customer.use(15);
    await until('a failed attempt', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'send_credit_alert' AND attempts > 0`)).rows.length === 1);
    expect((await customer.alerts()).recent).toEqual([]);
    smtp.refuse.delete('later@ledgerly.example');
    await retryNow();
    await until('the alert sent on the next attempt', async () => mailsTo('later@ledgerly.example').length === 1);

    await customer.http.request('PUT', '/credit-alerts', { body: { email: 'gone@ledgerly.example' } });
    smtp.refuse.set('gone@ledgerly.example', { code: 550, message: '5.1.1 User unknown' });
    await customer.use(19);
    await until('the refusal recorded', async () => (await customer.alerts()).recent.length === 2);
    expect((await customer.alerts()).recent[0]).toMatchObject({ threshold: 95, state: 'not_sent', recipient: 'gone@ledgerly.example', detail: expect.stringContaining('User unknown') });
    expect(mailsTo('gone@ledgerly.example')).toEqual([]);
  });

  it('refuses a body without an address with invalid_credit_alerts', async () => {
    const customer = await customerWithPool(20);
    for (const body of [{}, { email: 'not an address' }, { email: 42 }, { email: 'ops@ledgerly.example', extra: true }, [], 'ops@ledgerly.example', null]) {
      const answer = await customer.http.request('PUT', '/credit-alerts', { body });
      expect([answer.status, (answer.body as { error?: string }).error], JSON.stringify(body)).toEqual([400, 'invalid_credit_alerts']);
    }
    expect((await customer.alerts()).enabled).toBe(false);
  });
});

describe('prospect-engine credit-alerts', () => {
  it('turns them on, shows them and turns them off', async () => {
    const customer = await customerWithPool(20);
    const cli = async (args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli([...args, '--account', String(customer.accountId)], [accountsModule(), researchModule(), autopilotModule(), eventsModule()], {
        env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: fixture.database.url, ...env },
        stdout: (text) => void (stdout += text),
        stderr: (text) => void (stderr += text),
      });
      return { code, stdout, stderr };
    };
    const set = await cli(['credit-alerts', 'set', '--email', 'ops@ledgerly.example']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/credit_alerts:\s+on, to ops@ledgerly.example at 75% and 95% of the monthly credits/);
    expect((await customer.alerts()).email).toBe('ops@ledgerly.example');
    const bad = await cli(['credit-alerts', 'set', '--email', 'nope']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('email must be an e-mail address');
    const off = await cli(['credit-alerts', 'off']);
    expect(off.stdout).toMatch(/credit_alerts:\s+off/);
    expect((await customer.alerts()).enabled).toBe(false);
  });
});
