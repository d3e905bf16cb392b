/**
 * `users invite` e-mails the link from the account's first mailbox, through a real SMTP server (npm
 * smtp-server), as credit alerts are sent; without a mailbox, or when the server refuses, the link is
 * printed all the same and the invitation stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxBody, TEST_SECRET_KEY } from '../mailboxes/support.ts';
import { startSmtpServer, type TestSmtpServer } from '../mailboxes/servers.ts';
import { client, useTestEngine } from '../support/engine.ts';
import { runCli } from '../support/runCli.ts';
import { Browser, PASSWORD } from './support.ts';

const env = { SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true', PUBLIC_URL: 'https://research.example.com' };
const fixture = useTestEngine({ worker: false, env }, { name: 'Acme Sales' });

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.stop());

const invite = (email: string, role = 'admin', json = false) =>
  runCli(['users', 'invite', '--account', String(fixture.customer.account.id), '--email', email, '--role', role, ...(json ? ['--json'] : [])], { DATABASE_URL: fixture.database.url, ...env });

const LINK = /https:\/\/research\.example\.com\/app\/invitation\/([A-Za-z0-9_-]{43})/;
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('prospect-engine users invite, by e-mail', () => {
  it('prints the link and says so when the account has no mailbox to send it from', async () => {
    const result = await invite('nomail@acme.example');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(LINK);
    expect(result.stdout).toContain('Send nomail@acme.example the link; it works once. (The account has no mailbox to e-mail it from.)');
    expect(smtp.received).toEqual([]);
  });

  it("e-mails the link from the account's first mailbox: who invites them to which account, the link, until when", async () => {
    const mailbox = await client(fixture.engine.url, fixture.customer.key).request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null) });
    expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);

    const result = await invite('Pia@Acme.example', 'admin', true);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { link: string; emailed: boolean; expires_at: string };
    expect(printed).toMatchObject({ email: 'pia@acme.example', role: 'admin', emailed: true, link: expect.stringMatching(LINK) });

    const [mail] = mailsTo('pia@acme.example');
    expect(mail, 'the invitation e-mail').toBeDefined();
    expect(mail!.from).toBe('anna@acme.test');
    expect(mail!.parsed.subject).toBe('Join Acme Sales on Prospect Research');
    expect(mail!.parsed.text).toContain('Anna Nowak (anna@acme.test) invited you to Acme Sales on Prospect Research, as an admin.');
    expect(mail!.parsed.text).toContain(printed.link);
    expect(mail!.parsed.text).toContain(`until ${printed.expires_at.slice(0, 16).replace('T', ' ')} UTC`);

    // The link in the e-mail is the invitation: it signs Pia in as an admin.
    const token = LINK.exec(mail!.parsed.text!)![1]!;
    const pia = new Browser(fixture.engine.url);
    expect((await pia.request('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } })).body).toMatchObject({ role: 'admin', account: { name: 'Acme Sales' } });
  });

  it('says the e-mail failed when the mail server refuses it, and the printed link still works (exit code 0)', async () => {
    smtp.refuse.set('gone@acme.example', { code: 550, message: '5.1.1 User unknown' });
    const result = await invite('gone@acme.example', 'member');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/The e-mail to gone@acme\.example from anna@acme\.test failed: .*User unknown.*The invitation stands/);
    expect(mailsTo('gone@acme.example')).toEqual([]);
    const token = LINK.exec(result.stdout)![1]!;
    expect((await new Browser(fixture.engine.url).request('GET', `/auth/invitations/${token}`)).body).toMatchObject({ email: 'gone@acme.example', role: 'member' });
  });
});
