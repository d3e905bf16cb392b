import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A free TCP port on 127.0.0.1 (asked of the system, then let go). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function accepting(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** Connections opened to it so far. */
  connections: () => number;
  /** Recipients answered with this reply at RCPT TO (e.g. `550 5.1.1 User unknown`, `451 4.7.1 Try later`). */
  refuse: Map<string, { code: number; message: string }>;
  stop(): Promise<void>;
}

/** A real SMTP server (npm smtp-server) on a free port: plain text with AUTH PLAIN/LOGIN, every message kept. */
export async function startSmtpServer(user = 'anna@acme.test', password = 'smtp secret'): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, { code: number; message: string }>();
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    // No reverse DNS of 127.0.0.1 for every connection: it costs more than the rest of a send.
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuse.get(address.address.toLowerCase());
      if (refusal) callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            parsed,
          });
          callback();
        }, callback);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, user, password, received, connections: () => connections, refuse, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

export const DOVECOT = '/usr/sbin/dovecot';

export interface TestImapServer {
  port: number;
  user: string;
  password: string;
  /**
   * Puts a message into the user's INBOX over IMAP (APPEND), as a mail server delivering it would; its
   * internal date is now, or `filedAt` (as a server filing delayed or migrated mail sets it).
   */
  deliver(raw: string, filedAt?: Date): Promise<void>;
  stop(): Promise<void>;
}

/** A system user's uid and gid from /etc/passwd. */
function systemUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A real IMAP server: Dovecot from Debian's `dovecot-imapd`, with a configuration of its own in a
 * temporary directory, on a free port of 127.0.0.1, plain-text login allowed there, one user from a
 * passwd-file, mail in Maildir in the same directory. Dovecot refuses to run its login process as root,
 * so under root (CI containers) the whole server runs as the package's `dovecot` user.
 */
export async function startDovecot(user = 'anna@acme.test', password = 'imap secret'): Promise<TestImapServer> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (apt-get install -y dovecot-imapd) to run the e-mail channel's end-to-end tests`);
  const dir = mkdtempSync(join(tmpdir(), 'prospect-dovecot-'));
  const me = userInfo();
  const runAs = me.uid === 0 ? systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (!runAs) throw new Error('running as root, and there is no dovecot user to run Dovecot as (it comes with dovecot-core)');
  const runAsName = me.uid === 0 ? 'dovecot' : me.username;
  const port = await freePort();
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}:${runAs.uid}:${runAs.gid}::${dir}/home\n`);
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = prospect-test-${port}
default_internal_user = ${runAsName}
default_internal_group = ${runAsName === 'dovecot' ? 'dovecot' : (process.getgid?.() ?? runAs.gid)}
default_login_user = ${runAsName}
first_valid_uid = ${runAs.uid}
first_valid_gid = ${runAs.gid}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    user = ${runAsName}
  }
  unix_listener stats-writer {
    user = ${runAsName}
  }
}
`,
  );
  if (me.uid === 0) chownSync(dir, runAs.uid, runAs.gid);
  for (const file of ['passwd', 'dovecot.conf']) if (me.uid === 0) chownSync(join(dir, file), runAs.uid, runAs.gid);
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(me.uid === 0 ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await accepting(port, 10_000);
  } catch (error) {
    child.kill('SIGTERM');
    const log = existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '';
    throw new Error(`Dovecot did not start: ${(error as Error).message}\n${stderr}\n${log}`);
  }
  return {
    port,
    user,
    password,
    async deliver(raw, filedAt) {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false });
      await client.connect();
      await client.append('INBOX', raw, [], filedAt);
      await client.logout();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
