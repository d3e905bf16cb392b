import type { Command } from 'commander';
import { insertAccount } from '../accounts/index.ts';
import { insertInvitation, invitationLink } from '../people/index.ts';
import { positiveId, wholeNumber } from '../platform/cli/arguments.ts';
import { fields } from '../platform/cli/output.ts';
import { transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { CommandContext } from '../platform/module.ts';
import { Secrets } from '../platform/secrets.ts';
import { isoWithOffset } from '../platform/time.ts';
import { seedDemo } from './seedDemo.ts';

export const DEMO_ACCOUNT = 'Demo';
/** How long the printed owner link works, as the first start's does. */
const OWNER_LINK_MS = 7 * 24 * 3_600_000;

interface DemoCommandOptions {
  contacts: number;
  leads: number;
  seed?: number;
  newAccount?: boolean;
}

/**
 * `prospect-engine demo`: on the engine's database (the embedded one when DATABASE_URL is unset, as
 * `serve` uses), creates the "Demo" account, fills it with the demo's sample data and prints a one-time
 * link that creates its owner's sign-in. An existing Demo account with data is left alone unless
 * `--new-account` asks for another.
 */
export function demoCommands(program: Command, cli: CommandContext<unknown>): void {
  program
    .command('demo')
    .description('fill a "Demo" account with sample Autopilots, contacts, leads, replies and events, and print a link to sign in to its dashboard')
    .option('--contacts <n>', 'contacts routed (at least --leads)', wholeNumber, 10_000)
    .option('--leads <n>', 'of them enrolled as leads', wholeNumber, 2_000)
    .option('--seed <n>', 'the random seed (the same seed gives the same data)', positiveId)
    .option('--new-account', 'seed another Demo account when the existing one already has data')
    .action(
      cli.action(async ({ output, pool, platform }, options: DemoCommandOptions) => {
        const accountId = await transaction(pool, async (client) => {
          await client.query(`SELECT pg_advisory_xact_lock(hashtext('prospect-engine demo'))`);
          const { rows } = await client.query<{ id: number; used: boolean }>(
            `SELECT a.id::int, EXISTS (SELECT 1 FROM autopilot_contacts c WHERE c.account_id = a.id) OR EXISTS (SELECT 1 FROM autopilots p WHERE p.account_id = a.id) AS used
             FROM accounts a WHERE a.name = $1 ORDER BY a.id DESC LIMIT 1`,
            [DEMO_ACCOUNT],
          );
          const existing = rows[0];
          if (existing && !existing.used) return existing.id;
          if (existing && !options.newAccount) {
            throw new AppError(
              'invalid_account',
              {},
              `account ${existing.id} "${DEMO_ACCOUNT}" already holds the demo; run with --new-account for another, or sign in to it (prospect-engine users invite --account ${existing.id} ...)`,
            );
          }
          return (await insertAccount(client, { name: DEMO_ACCOUNT, plan: 'enterprise', monthlyCredits: 2_500, maxApiKeys: 10 })).id;
        });
        const started = performance.now();
        const seeded = await seedDemo(pool, {
          accountId,
          contacts: options.contacts,
          leads: options.leads,
          seed: options.seed,
          secrets: platform.secretKey ? new Secrets(platform.secretKey) : undefined,
        });
        const seconds = Math.round((performance.now() - started) / 100) / 10;
        const token = await insertInvitation(pool, { accountId, email: null, role: 'owner', validForMs: OWNER_LINK_MS });
        const link = invitationLink(platform.publicUrl, token);
        const result = {
          account: accountId,
          autopilots: seeded.autopilots,
          contacts: seeded.contacts,
          leads: seeded.leads,
          seconds,
          owner_link: link,
          owner_link_expires_at: isoWithOffset(new Date(Date.now() + OWNER_LINK_MS)),
        };
        output.result(result, () =>
          [
            `Seeded account ${accountId} "${DEMO_ACCOUNT}" in ${seconds} s: ${seeded.autopilots.length} Autopilots, ${seeded.contacts} contacts, ${seeded.leads} leads with their timelines.`,
            '',
            fields({ autopilots: seeded.autopilots.join(', '), 'a lead to open': `${platform.publicUrl}/app/leads/${seeded.lead.id} (${seeded.lead.email})` }),
            '',
            "Start the engine (npm start) and create your sign-in as the account's owner with this one-time link, within 7 days:",
            '',
            `  ${link}`,
            '',
          ].join('\n'),
        );
      }),
    );
}
