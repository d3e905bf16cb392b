import { readFileSync } from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../accounts/index.ts';
import { positiveId } from '../platform/cli/arguments.ts';
import { FailedCheck } from '../platform/cli/failedCheck.ts';
import { subjectArgument } from '../platform/cli/subject.ts';
import { fields, table } from '../platform/cli/output.ts';
import type { CommandContext } from '../platform/module.ts';
import type { Clock } from '../platform/time.ts';
import { DAY_NAMES } from '../senders/contract.ts';
import { dayList, scheduleText, sendingHours, warmupRamp, warmupText } from '../senders/index.ts';
import { testMailbox } from './connectionTest.ts';
import type { MailAccess } from './connections.ts';
import { type MailboxView, SECURITIES } from './contract.ts';
import { createMailbox, deleteMailbox, invalidMailbox, listMailboxes, loadMailbox, mailboxInput } from './mailboxes.ts';

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) throw new InvalidArgumentError('expected a port from 1 to 65535');
  return number;
}

function row(mailbox: MailboxView) {
  return {
    mailbox: mailbox.id,
    from: mailbox.from_name ? `${mailbox.from_name} <${mailbox.from_address}>` : mailbox.from_address,
    smtp: `${mailbox.smtp.host}:${mailbox.smtp.port} (${mailbox.smtp.security})`,
    imap: mailbox.imap ? `${mailbox.imap.host}:${mailbox.imap.port} (${mailbox.imap.security})` : '(replies not read)',
    schedule: scheduleText(mailbox.sending_days, mailbox.sending_hours, mailbox.time_zone),
    daily_limit: mailbox.daily_limit,
    warmup: warmupText(mailbox.warmup),
    reading: mailbox.reading.error ?? (mailbox.reading.last_read_at ? `read ${mailbox.reading.last_read_at}` : 'not read yet'),
  };
}

interface AddOptions extends AccountOption {
  from: string;
  fromName?: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: string;
  smtpUser: string;
  smtpPassword?: string;
  smtpPasswordFile?: string;
  imapHost?: string;
  imapPort?: number;
  imapSecurity?: string;
  imapUser?: string;
  imapPassword?: string;
  imapPasswordFile?: string;
  timeZone: string;
  hours?: { start: string; end: string };
  days?: string;
  dailyLimit?: number;
  warmup?: { start_per_day: number; increase_per_day: number };
}

/** A password from a file (its first line), so that it stays out of the shell's history and the process list. */
function passwordFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').split(/\r?\n/)[0]!;
  } catch {
    throw new InvalidArgumentError(`cannot read ${path}`);
  }
}

/** The options as `POST /mailboxes` takes them; validated by the same rules. */
function inputOf(options: AddOptions): Record<string, unknown> {
  const smtpPassword = options.smtpPassword ?? options.smtpPasswordFile;
  if (!smtpPassword) throw invalidMailbox([{ severity: 'error', path: '/smtp/password', message: 'The SMTP password is missing: give --smtp-password-file (or --smtp-password)' }]);
  const input: Record<string, unknown> = {
    from_address: options.from,
    from_name: options.fromName ?? null,
    smtp: { host: options.smtpHost, port: options.smtpPort, security: options.smtpSecurity, user: options.smtpUser, password: smtpPassword },
    time_zone: options.timeZone,
  };
  if (options.imapHost) {
    input.imap = {
      host: options.imapHost,
      port: options.imapPort ?? (options.imapSecurity === 'tls' || options.imapSecurity === undefined ? 993 : 143),
      security: options.imapSecurity ?? 'tls',
      user: options.imapUser ?? options.smtpUser,
      password: options.imapPassword ?? options.imapPasswordFile ?? smtpPassword,
    };
  }
  if (options.hours) input.sending_hours = options.hours;
  if (options.days) input.sending_days = dayList(options.days);
  if (options.dailyLimit !== undefined) input.daily_limit = options.dailyLimit;
  if (options.warmup) input.warmup = options.warmup;
  return input;
}

/** The mailbox a command acts on: its argument (`--mailbox` is the older form). */
const mailboxCommand = (parent: Command, name: string) => subjectArgument(accountCommand(parent, name), 'mailbox', 'the mailbox id', positiveId, '--mailbox <id>');

/** `prospect-engine mailboxes add|list|test|remove`: an account's mailboxes (the e-mail channel's senders, the credit alerts' too); the e-mail channel adds them to the program. */
export function mailboxCommands(program: Command, cli: CommandContext<unknown>, access: (secretKey: Buffer | undefined, moduleSettings: unknown) => MailAccess, clock: Clock): void {
  const mailboxes = program.command('mailboxes').description("an account's mailboxes: SMTP to send touches, IMAP to read replies (see docs/autopilot.md)");

  accountCommand(mailboxes, 'add')
    .description('add a mailbox (its passwords are stored encrypted with SECRET_KEY)')
    .requiredOption('--from <address>', 'the address touches are sent from')
    .option('--from-name <name>', 'the display name beside it')
    .requiredOption('--smtp-host <host>', 'SMTP server')
    .option('--smtp-port <port>', 'SMTP port (default 587)', port, 587)
    .addOption(new Option('--smtp-security <security>', 'tls (465), starttls (587) or none').choices(SECURITIES).default('starttls'))
    .requiredOption('--smtp-user <user>', 'SMTP user name')
    .option('--smtp-password-file <path>', "a file whose first line is the SMTP password (keeps it out of the shell's history)", passwordFile)
    .option('--smtp-password <password>', 'the SMTP password itself (visible in the process list and the shell history: prefer the file)')
    .option('--imap-host <host>', 'IMAP server, to read replies (without it, replies are not read)')
    .option('--imap-port <port>', 'IMAP port (default 993 with tls, 143 otherwise)', port)
    .addOption(new Option('--imap-security <security>', 'tls (993), starttls (143) or none (default tls)').choices(SECURITIES))
    .option('--imap-user <user>', 'IMAP user name (default: the SMTP user)')
    .option('--imap-password-file <path>', 'a file whose first line is the IMAP password (default: the SMTP password)', passwordFile)
    .option('--imap-password <password>', 'the IMAP password itself')
    .requiredOption('--time-zone <zone>', 'IANA time zone the sending hours are read in, such as Europe/Berlin')
    .option('--hours <start-end>', 'sending hours, such as 09:00-17:00 (the default)', sendingHours)
    .option('--days <days>', `sending days, such as mon,tue,wed,thu,fri (the default); of ${DAY_NAMES.join(',')}`)
    .option('--daily-limit <n>', 'e-mails a day once warmed up (default 50)', positiveId)
    .option('--warmup <start+increase>', 'warm-up: START e-mails on the first day, INCREASE more each day after (default off)', warmupRamp)
    .action(
      accountAction(cli, async ({ output, pool, platform, settings }, options: AddOptions) => {
        const created = await createMailbox(pool, options.account, mailboxInput(inputOf(options)), access(platform.secretKey, settings).secrets, clock);
        output.result(created, () => fields(row(created)));
      }),
    );

  accountCommand(mailboxes, 'list')
    .description("the account's mailboxes")
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const list = { mailboxes: await listMailboxes(pool, options.account) };
        output.result(list, () => table(list.mailboxes.map(row)));
      }),
    );

  mailboxCommand(mailboxes, 'test')
    .description('connect to the SMTP and IMAP servers and log in: says what works, and exits 1 when a step fails')
    .action(
      accountAction(cli, async ({ output, pool, platform, settings }, options: AccountOption, mailboxId: number) => {
        const result = await testMailbox(await loadMailbox(pool, options.account, mailboxId), access(platform.secretKey, settings));
        output.result(result, () =>
          fields({
            smtp: `${result.smtp.ok ? 'ok' : 'FAILED'}: ${result.smtp.message}`,
            imap: result.imap ? `${result.imap.ok ? 'ok' : 'FAILED'}: ${result.imap.message}` : '(none: replies are not read)',
          }),
        );
        const failed = [...(result.smtp.ok ? [] : ['SMTP']), ...(result.imap && !result.imap.ok ? ['IMAP'] : [])];
        if (failed.length > 0) throw new FailedCheck(`mailbox ${mailboxId} failed its test: ${failed.join(' and ')}`);
      }),
    );

  mailboxCommand(mailboxes, 'remove')
    .description('remove a mailbox (touches it sent keep their record)')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, mailboxId: number) => {
        const removed = await deleteMailbox(pool, options.account, mailboxId);
        output.result(removed, () => `removed mailbox ${removed.id} (${removed.from_address})`);
      }),
    );
}
