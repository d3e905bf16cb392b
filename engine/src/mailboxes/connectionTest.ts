import { type MailAccess, MailboxLocked, imapClient, smtpTransport } from './connections.ts';
import type { MailboxTest, TestStep, TestStepName } from './contract.ts';
import { MailHostRefused } from './mailHosts.ts';
import type { Mailbox, ServerSettings } from './mailboxes.ts';

type Check = MailboxTest['smtp'];
type Server = 'SMTP' | 'IMAP';
interface MailError {
  code?: string;
  command?: string;
  authenticationFailed?: boolean;
  response?: string;
  responseText?: string;
  message?: string;
}

/** What went wrong, in words a person can act on; never the password. */
function failure(error: unknown, server: Server): string {
  if (error instanceof MailboxLocked || error instanceof MailHostRefused) return error.message;
  const e = error as MailError;
  if (e.code === 'EAUTH' || e.authenticationFailed)
    return `the ${server} server refused the login${e.response || e.responseText ? `: ${e.response ?? e.responseText}` : ''}; check the user and password`;
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e.message ?? '')) return `nothing answers at the ${server} host and port (connection refused)`;
  if (e.code === 'ETIMEDOUT' || /timeout|timed out/i.test(e.message ?? '')) return `the ${server} server did not answer in time`;
  if (isTlsError(e)) return `the ${server} connection's encryption failed: ${e.message}`;
  return `could not use the ${server} server: ${e.response ?? e.responseText ?? e.message ?? String(error)}`.slice(0, 500);
}

const isTlsError = (e: MailError) => e.code === 'ETLS' || /tls|ssl|certificate|starttls|wrong version/i.test(`${e.code ?? ''} ${e.message ?? ''}`);

/** The step a failure stopped at: the address before any connection, the login, the encryption, or reaching the server. */
function failedStep(error: unknown): TestStepName {
  if (error instanceof MailHostRefused) return 'address';
  if (error instanceof MailboxLocked) return 'login';
  const e = error as MailError;
  if (e.code === 'EAUTH' || e.authenticationFailed || e.command?.startsWith('AUTH')) return 'login';
  if (isTlsError(e)) return 'tls';
  return 'connect';
}

const DONE: Record<TestStepName, (server: ServerSettings, name: Server) => string> = {
  address: (server) => `${server.host} may be used`,
  connect: (server, name) => `the ${name} server answers at ${server.host}:${server.port}`,
  tls: (server) => (server.security === 'tls' ? 'encrypted with TLS from the first byte' : 'encrypted with STARTTLS'),
  login: (server) => `logged in as ${server.user}`,
  inbox: () => 'INBOX opens',
};

/**
 * The steps of a test, in order: those before `failed` worked, `failed` failed with `why`, those after
 * were not tried. Encryption is skipped where the mailbox asks for none; a password that cannot be read
 * stops the test before it connects.
 */
function stepsOf(server: ServerSettings, name: Server, names: readonly TestStepName[], failed?: { step: TestStepName; why: string }): TestStep[] {
  const stopAt = failed ? names.indexOf(failed.step) : names.length;
  const lockedBefore = failed?.step === 'login' && failed.why.includes('SECRET_KEY');
  return names.map((step, index): TestStep => {
    if (step === 'tls' && server.security === 'none') return { step, status: 'skipped', message: 'no encryption: the mailbox asks for none (security: none)' };
    if (index === stopAt) return { step, status: 'failed', message: failed!.why };
    if (index > stopAt || (lockedBefore && step !== 'address')) return { step, status: 'skipped', message: `not tried: ${failed!.step} failed` };
    return { step, status: 'ok', message: DONE[step](server, name) };
  });
}

/** Connects to the mailbox's SMTP server (and logs in), then to its IMAP server (logs in, opens INBOX); says what works, step by step. */
export async function testMailbox(mailbox: Mailbox, access: MailAccess): Promise<MailboxTest> {
  const [smtp, imap] = await Promise.all([testSmtp(mailbox, access), mailbox.imap ? testImap(mailbox, access) : Promise.resolve(null)]);
  return { smtp, imap };
}

const SMTP_STEPS = ['address', 'connect', 'tls', 'login'] as const;
const IMAP_STEPS = ['address', 'connect', 'tls', 'login', 'inbox'] as const;

async function testSmtp(mailbox: Mailbox, access: MailAccess): Promise<Check> {
  let transport: Awaited<ReturnType<typeof smtpTransport>> | undefined;
  try {
    transport = await smtpTransport(mailbox, access);
    await transport.verify();
    return { ok: true, message: `connected to ${mailbox.smtp.host}:${mailbox.smtp.port} and logged in as ${mailbox.smtp.user}`, steps: stepsOf(mailbox.smtp, 'SMTP', SMTP_STEPS) };
  } catch (error) {
    const why = failure(error, 'SMTP');
    return { ok: false, message: why, steps: stepsOf(mailbox.smtp, 'SMTP', SMTP_STEPS, { step: failedStep(error), why }) };
  } finally {
    transport?.close();
  }
}

async function testImap(mailbox: Mailbox, access: MailAccess): Promise<NonNullable<MailboxTest['imap']>> {
  const imap = mailbox.imap!;
  const refused = (error: unknown, step = failedStep(error)): Check => {
    const why = failure(error, 'IMAP');
    return { ok: false, message: why, steps: stepsOf(imap, 'IMAP', IMAP_STEPS, { step, why }) };
  };
  const client = await imapClient(mailbox, access).catch((error: unknown) => error as Error);
  if (client instanceof Error || client === undefined) return refused(client);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    return refused(error);
  }
  try {
    const inbox = await client.status('INBOX', { messages: true });
    await client.logout();
    return {
      ok: true,
      message: `connected to ${imap.host}:${imap.port}, logged in as ${imap.user}; INBOX holds ${inbox === false ? 'an unknown number of' : (inbox.messages ?? 0)} messages`,
      steps: stepsOf(imap, 'IMAP', IMAP_STEPS),
    };
  } catch (error) {
    return refused(error, 'inbox');
  } finally {
    client.close();
  }
}
