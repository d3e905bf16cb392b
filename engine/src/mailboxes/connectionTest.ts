import { type MailAccess, MailboxLocked, imapClient, smtpTransport } from './connections.ts';
import type { MailboxTest } from './contract.ts';
import { MailHostRefused } from './mailHosts.ts';
import type { Mailbox } from './mailboxes.ts';

/** What went wrong, in words a person can act on; never the password. */
function failure(error: unknown, server: 'SMTP' | 'IMAP'): string {
  if (error instanceof MailboxLocked || error instanceof MailHostRefused) return error.message;
  const e = error as { code?: string; authenticationFailed?: boolean; response?: string; responseText?: string; message?: string };
  if (e.code === 'EAUTH' || e.authenticationFailed)
    return `the ${server} server refused the login${e.response || e.responseText ? `: ${e.response ?? e.responseText}` : ''}; check the user and password`;
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e.message ?? '')) return `nothing answers at the ${server} host and port (connection refused)`;
  if (e.code === 'ETIMEDOUT' || /timeout|timed out/i.test(e.message ?? '')) return `the ${server} server did not answer in time`;
  if (/tls|ssl|certificate|starttls/i.test(`${e.code ?? ''} ${e.message ?? ''}`)) return `the ${server} connection's encryption failed: ${e.message}`;
  return `could not use the ${server} server: ${e.response ?? e.responseText ?? e.message ?? String(error)}`.slice(0, 500);
}

/** Connects to the mailbox's SMTP server (and logs in), then to its IMAP server (logs in, opens INBOX); says what works. */
export async function testMailbox(mailbox: Mailbox, access: MailAccess): Promise<MailboxTest> {
  const [smtp, imap] = await Promise.all([testSmtp(mailbox, access), mailbox.imap ? testImap(mailbox, access) : Promise.resolve(null)]);
  return { smtp, imap };
}

async function testSmtp(mailbox: Mailbox, access: MailAccess): Promise<MailboxTest['smtp']> {
  let transport: Awaited<ReturnType<typeof smtpTransport>> | undefined;
  try {
    transport = await smtpTransport(mailbox, access);
    await transport.verify();
    return { ok: true, message: `connected to ${mailbox.smtp.host}:${mailbox.smtp.port} and logged in as ${mailbox.smtp.user}` };
  } catch (error) {
    return { ok: false, message: failure(error, 'SMTP') };
  } finally {
    transport?.close();
  }
}

async function testImap(mailbox: Mailbox, access: MailAccess): Promise<NonNullable<MailboxTest['imap']>> {
  const client = await imapClient(mailbox, access).catch((error: unknown) => error as Error);
  if (client instanceof Error || client === undefined) return { ok: false, message: failure(client, 'IMAP') };
  client.on('error', () => undefined);
  try {
    await client.connect();
    const inbox = await client.status('INBOX', { messages: true });
    await client.logout();
    return {
      ok: true,
      message: `connected to ${mailbox.imap!.host}:${mailbox.imap!.port}, logged in as ${mailbox.imap!.user}; INBOX holds ${inbox === false ? 'an unknown number of' : (inbox.messages ?? 0)} messages`,
    };
  } catch (error) {
    return { ok: false, message: failure(error, 'IMAP') };
  } finally {
    client.close();
  }
}
