import type { Command } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../accounts/index.ts';
import { type MailAccess, mailAccess, mailboxSettings, SmtpTransports } from '../../mailboxes/index.ts';
import { fields, type Output } from '../../platform/cli/output.ts';
import type { Pool } from '../../platform/database/database.ts';
import type { Env } from '../../platform/env.ts';
import type { Logger } from '../../platform/logger.ts';
import { errorCodes } from '../../platform/http/openapi/errorResponses.ts';
import { example } from '../../platform/http/openapi/example.ts';
import { checkedByHandler } from '../../platform/http/validation.ts';
import type { CommandContext, HttpScope } from '../../platform/module.ts';
import type { Tasks } from '../../platform/queue/tasks.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { Clock } from '../../platform/time.ts';
import { creditAlertsInputSchema, creditAlertsViewSchema } from '../contract.ts';
import { clearRecipient, creditAlertsView, type CreditAlertsView, parseRecipient, setRecipient } from './recipients.ts';
import { sendCreditAlert } from './send.ts';

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** The e-mail of one credits.threshold event (queued by the events table's trigger when the account's credit alerts are on). */
      send_credit_alert: { eventSeq: number };
    }
  }
}

/** How the alerts reach mail servers: the mailbox passwords (SECRET_KEY) and the mailboxes' host policy (`EMAIL_ALLOW_PRIVATE_HOSTS`). */
export function creditAlertAccess(env: Env, secrets: Secrets | undefined): MailAccess {
  return mailAccess(secrets, mailboxSettings(env));
}

function viewText(view: CreditAlertsView): string {
  return fields({
    credit_alerts: view.enabled ? `on, to ${view.email} at ${view.thresholds.join('% and ')}% of the monthly credits` : 'off',
    from: view.from ?? '(no mailbox: none is sent until the account has one)',
    recent: view.recent.length === 0 ? '(none)' : view.recent.map((alert) => `${alert.at} ${alert.threshold}% ${alert.state}${alert.detail ? `: ${alert.detail}` : ''}`),
  });
}

const tags = ['Credit alerts'];
const view = (enabled: boolean) =>
  example(creditAlertsViewSchema, {
    enabled,
    email: enabled ? 'ops@acme.example' : null,
    thresholds: [75, 95],
    from: 'anna@acme.example',
    recent: [{ threshold: 75, cycle_start: '2026-11-01T00:00:00.000+00:00', state: 'sent', recipient: 'ops@acme.example', detail: null, at: '2026-11-21T08:02:11.000+00:00' }],
  });

const SCHEMAS = {
  show: {
    summary: 'Credit alerts',
    description: 'Whether e-mails go out at 75% and 95% of the monthly credits, to whom, from which mailbox, and the latest ones.',
    tags,
    operationId: 'getCreditAlerts',
    response: { 200: view(true) },
  },
  set: {
    summary: 'Turn credit alerts on',
    description: "Sent to this address from the account's first mailbox.",
    tags,
    operationId: 'setCreditAlerts',
    body: checkedByHandler(example(creditAlertsInputSchema, { email: 'ops@acme.example' })),
    errors: errorCodes('invalid_credit_alerts'),
    response: { 200: view(true) },
  },
  off: { summary: 'Turn credit alerts off', tags, operationId: 'deleteCreditAlerts', response: { 200: view(false) } },
};

/**
 * Credit alerts by e-mail (docs/events.md): `GET|PUT|DELETE /credit-alerts`, `prospect-engine
 * credit-alerts show|set|off`, and the send_credit_alert job, which sends each credits.threshold event
 * of an account that turned them on from the account's first mailbox.
 */
export function creditAlerts(clock: Clock) {
  const transports = new SmtpTransports();
  return {
    routes(app: HttpScope, pool: Pool): void {
      app.get('/credit-alerts', { schema: SCHEMAS.show }, (request) => creditAlertsView(pool, request.holder.account.id));
      // Where credit warnings go is a billing setting: the owner's.
      app.put('/credit-alerts', { bodyLimit: 4096, schema: SCHEMAS.set, config: { role: 'owner' } }, async (request) => {
        await setRecipient(pool, request.holder.account.id, parseRecipient(request.body), clock.now());
        return creditAlertsView(pool, request.holder.account.id);
      });
      app.delete('/credit-alerts', { schema: SCHEMAS.off, config: { role: 'owner' } }, async (request) => {
        await clearRecipient(pool, request.holder.account.id);
        return creditAlertsView(pool, request.holder.account.id);
      });
    },
    tasks({ pool, log, access }: { pool: Pool; log: Logger; access: MailAccess }): Tasks {
      return {
        send_credit_alert: async (payload, helpers) => {
          const eventSeq = (payload as { eventSeq?: unknown } | null)?.eventSeq;
          if (typeof eventSeq !== 'number' || !Number.isSafeInteger(eventSeq)) {
            log.error({ payload }, 'send_credit_alert task without an eventSeq; dropped');
            return;
          }
          const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
          await sendCreditAlert({ pool, clock, log, access, transports }, eventSeq, lastAttempt);
        },
      };
    },
    commands(program: Command, cli: CommandContext<unknown>): void {
      const group = program.command('credit-alerts').description("e-mails at 75% and 95% of an account's monthly credits (see docs/events.md)");
      const show = async (pool: Pool, account: number, output: Output) => {
        const view = await creditAlertsView(pool, account);
        output.result(view, () => viewText(view));
      };
      accountCommand(group, 'show')
        .description('whether they are on, to whom, from which mailbox, and the latest ones')
        .action(accountAction(cli, async ({ pool, output }, options: AccountOption) => show(pool, options.account, output)));
      accountCommand(group, 'set')
        .description("turn them on, sent to this address from the account's first mailbox")
        .requiredOption('--email <address>', 'who receives them')
        .action(
          accountAction(cli, async ({ pool, output }, options: AccountOption & { email: string }) => {
            await setRecipient(pool, options.account, parseRecipient({ email: options.email }), clock.now());
            await show(pool, options.account, output);
          }),
        );
      accountCommand(group, 'off')
        .description('turn them off')
        .action(
          accountAction(cli, async ({ pool, output }, options: AccountOption) => {
            await clearRecipient(pool, options.account);
            await show(pool, options.account, output);
          }),
        );
    },
    close: () => transports.close(),
  };
}
