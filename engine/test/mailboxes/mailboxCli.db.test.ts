import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { runCli } from '../../src/app/cli/program.ts';
import { emailChannel } from '../../src/autopilot/channels/email/channel.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { researchModule } from '../../src/research/module.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createCustomer, newTestDatabase } from '../support/engine.ts';
import { TEST_SECRET_KEY } from './support.ts';
import { startSmtpServer, type TestSmtpServer } from './servers.ts';

/** `prospect-engine mailboxes add|list|test|remove`, as ops run them (the program with the e-mail channel plugged in). */
let database: TestDatabase;
let smtp: TestSmtpServer;
let dir: string;
let account: string;
const modules = () => [accountsModule(), researchModule(), autopilotModule({ email: emailChannel() })];

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, modules(), {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: database.url, SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true', ...env },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  database = await newTestDatabase();
  smtp = await startSmtpServer();
  dir = mkdtempSync(join(tmpdir(), 'mailbox-cli-'));
  expect((await cli(['migrate'])).code).toBe(0);
  account = String((await createCustomer(database.pool)).account.id);
});

afterAll(async () => {
  await smtp?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('prospect-engine mailboxes', () => {
  it('adds a mailbox with its password from a file, lists it, tests it and removes it; no password is ever printed', async () => {
    const passwordFile = join(dir, 'smtp-password');
    writeFileSync(passwordFile, `${smtp.password}\n`);
    const add = await cli([
      'mailboxes',
      'add',
      '--account',
      account,
      '--from',
      'anna@acme.test',
      '--from-name',
      'Anna Nowak',
      '--smtp-host',
      '127.0.0.1',
      '--smtp-port',
      String(smtp.port),
      '--smtp-security',
      'none',
      '--smtp-user',
      smtp.user,
      '--smtp-password-file',
      passwordFile,
      '--time-zone',
      'Europe/Berlin',
      '--hours',
      '08:00-16:30',
      '--days',
      'mon,wed,fri',
      '--daily-limit',
      '30',
      '--warmup',
      '5+3',
      '--json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const created = JSON.parse(add.stdout);
    expect(created).toMatchObject({
      from_address: 'anna@acme.test',
      from_name: 'Anna Nowak',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', user: smtp.user, password_set: true },
      imap: null,
      time_zone: 'Europe/Berlin',
      sending_hours: { start: '08:00', end: '16:30' },
      sending_days: ['mon', 'wed', 'fri'],
      daily_limit: 30,
      warmup: { start_per_day: 5, increase_per_day: 3 },
    });

    const list = await cli(['mailboxes', 'list', '--account', account]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Anna Nowak <anna@acme.test>');
    expect(list.stdout).toContain('mon,wed,fri 08:00-16:30 Europe/Berlin');
    expect(list.stdout).toContain('5+3 from');

    const test = await cli(['mailboxes', 'test', String(created.id), '--account', account]);
    expect(test.code).toBe(0);
    expect(test.stdout).toContain(`smtp: ok: connected to 127.0.0.1:${smtp.port} and logged in as ${smtp.user}`);
    expect(test.stdout).toContain('imap: (none: replies are not read)');

    const removed = await cli(['mailboxes', 'remove', String(created.id), '--account', account]);
    expect(removed.stdout).toBe(`removed mailbox ${created.id} (anna@acme.test)\n`);
    expect((await cli(['mailboxes', 'list', '--account', account])).stdout).toBe('(none)\n');
    for (const output of [add, list, test, removed]) expect(output.stdout + output.stderr).not.toContain(smtp.password);
  });

  it('test exits 1 when a step fails, after printing what failed; the mailbox is its argument, --mailbox its older form', async () => {
    const server = ['--smtp-host', '127.0.0.1', '--smtp-port', String(smtp.port), '--smtp-security', 'none', '--smtp-user', smtp.user];
    const added = await cli(['mailboxes', 'add', '--account', account, '--from', 'bad@acme.test', ...server, '--smtp-password', 'not the password', '--time-zone', 'UTC', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const id = String(JSON.parse(added.stdout).id);

    const failed = await cli(['mailboxes', 'test', id, '--account', account]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^smtp: +FAILED: /m);
    expect(failed.stderr).toBe(`prospect-engine: mailbox ${id} failed its test: SMTP\n`);
    // With --json the result is the whole of standard output, and still exits 1.
    const json = await cli(['mailboxes', 'test', id, '--account', account, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ smtp: { ok: false }, imap: null });

    const older = await cli(['mailboxes', 'test', '--account', account, '--mailbox', id]);
    expect([older.code, older.stdout]).toEqual([1, failed.stdout]);
    expect(await cli(['mailboxes', 'remove', id, '--account', account])).toMatchObject({ code: 0, stdout: `removed mailbox ${id} (bad@acme.test)\n` });
  });

  it('explains a refusal in words and exits 2', async () => {
    const result = await cli([
      'mailboxes',
      'add',
      '--account',
      account,
      '--from',
      'x@acme.test',
      '--smtp-host',
      'smtp.acme.test',
      '--smtp-user',
      'x',
      '--smtp-password',
      'pw',
      '--time-zone',
      'Mars/Olympus',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"time_zone" "Mars/Olympus" is not an IANA time zone');
  });

  it('without SECRET_KEY, says what to set', async () => {
    const result = await cli(['mailboxes', 'add', '--account', account, '--from', 'y@acme.test', '--smtp-host', 'smtp.acme.test', '--smtp-user', 'y', '--smtp-password', 'pw', '--time-zone', 'UTC'], {
      SECRET_KEY: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('mailboxes need SECRET_KEY');
  });
});
