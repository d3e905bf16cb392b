import type { Command } from 'commander';
import { registerWebhooks, UNIPILE_WEBHOOK_HEADER, type WebhookRegistrar } from '../../../../integrations/index.ts';
import { table } from '../../../../platform/cli/output.ts';
import { ConfigError } from '../../../../platform/env.ts';
import type { CommandContext } from '../../../../platform/module.ts';
import { WEBHOOK_PATH } from './routes.ts';
import type { UnipileInboundSettings } from './settings.ts';

interface RegisterOptions {
  url?: string;
  name: string;
}

/**
 * `prospect-engine unipile webhooks register`: asks Unipile to POST messages, new relations and account
 * statuses of every connected account (the workspace's webhooks cover all of them, present and future:
 * once per engine, not per seat) to the engine's `/unipile/webhooks`, each delivery carrying the
 * `Unipile-Auth` header with UNIPILE_WEBHOOK_SECRET.
 */
export function webhookCommands(
  program: Command,
  cli: CommandContext<unknown>,
  configured: (moduleSettings: unknown) => { settings: UnipileInboundSettings; register: WebhookRegistrar | undefined },
): void {
  program
    .command('unipile')
    .description('the Unipile workspace the seats of the professional network, the messaging app and the chat app are connected through')
    .command('webhooks')
    .description("Unipile's webhooks to the engine: replies, accepted connection requests, account status (see docs/autopilot.md)")
    .command('register')
    .description('register the three webhooks (messaging, users, account_status) with Unipile, once per engine')
    .option('--url <url>', `where Unipile POSTs (default: PUBLIC_URL${WEBHOOK_PATH})`)
    .option('--name <name>', 'names the webhooks in the Unipile dashboard', 'Prospect engine')
    .action(
      cli.action(async ({ output, platform, settings: moduleSettings }, options: RegisterOptions) => {
        const { settings, register } = configured(moduleSettings);
        if (settings.webhookSecret === undefined)
          throw new ConfigError(`registering the webhooks needs UNIPILE_WEBHOOK_SECRET (the ${UNIPILE_WEBHOOK_HEADER} header Unipile sends back): openssl rand -hex 32`);
        if (register === undefined) throw new ConfigError('registering the webhooks needs UNIPILE_API_KEY and UNIPILE_BASE_URL (your Unipile DSN)');
        const requestUrl = options.url ?? `${platform.publicUrl}${WEBHOOK_PATH}`;
        const created = await registerWebhooks(register, { requestUrl, secret: settings.webhookSecret, name: options.name, signal: AbortSignal.timeout(60_000) });
        const result = { request_url: requestUrl, webhooks: created.map(({ source, answer }) => ({ source, webhook_id: (answer as { webhook_id?: unknown } | null)?.webhook_id ?? null })) };
        output.result(result, () => `Unipile will POST to ${requestUrl}:\n${table(result.webhooks.map((webhook) => ({ source: webhook.source, webhook: webhook.webhook_id ?? '(no id answered)' })))}`);
      }),
    );
}
