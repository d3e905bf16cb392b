import { type Command, InvalidArgumentError } from 'commander';
import { positiveId } from '../../platform/cli/arguments.ts';
import { fields, table } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../apiKeys.ts';
import { MAX_KEY_LABEL_LENGTH } from '../contract.ts';
import { keyView, newKeyView } from '../views.ts';
import { accountAction, type AccountOption, accountCommand } from './accountCommand.ts';

/** A key's label as `POST /keys` takes it: some text, at most MAX_KEY_LABEL_LENGTH characters. */
function keyLabel(value: string): string {
  const label = value.trim();
  if (label === '') throw new InvalidArgumentError('expected some text, such as "n8n production"');
  if (label.length > MAX_KEY_LABEL_LENGTH) throw new InvalidArgumentError(`expected at most ${MAX_KEY_LABEL_LENGTH} characters, and it has ${label.length}`);
  return label;
}

/** `prospect-engine keys create|list|revoke`. */
export function keysCommands(program: Command, cli: CommandContext<unknown>): void {
  const keys = program.command('keys').description('manage API keys');

  accountCommand(keys, 'create')
    .description('create an API key (its value is printed this once)')
    .option('--label <label>', `a name to tell the key apart by, such as "n8n production" (at most ${MAX_KEY_LABEL_LENGTH} characters)`, keyLabel)
    .action(
      accountAction(cli, async ({ output, pool, platform }, options: AccountOption & { label?: string }) => {
        const key = newKeyView(await createApiKey(pool, platform.apiKeyPrefix, options.account, options.label));
        output.result(key, () => `${fields(key)}\n\nThe key is shown only this once; store it now.`);
      }),
    );

  accountCommand(keys, 'list')
    .description("list an account's keys (hints only; key values are never stored)")
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const views = (await listApiKeys(pool, options.account)).map(keyView);
        output.result(views, () => table(views));
      }),
    );

  keys
    .command('revoke')
    .description('revoke a key: requests with it answer 401 invalid_key at once, on every process')
    .argument('<id>', 'key id', positiveId)
    .action(
      cli.action(async ({ output, pool }, keyId: number) => {
        const key = keyView(await revokeApiKey(pool, keyId));
        output.result(key, () => fields(key));
      }),
    );
}
