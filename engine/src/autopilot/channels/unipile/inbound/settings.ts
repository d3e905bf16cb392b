import { ConfigError, type Env, nonEmpty } from '../../../../platform/env.ts';

/** The inbound side's own environment (README, configuration table); the workspace is the channels' (`UNIPILE_API_KEY`, `UNIPILE_BASE_URL`). */
export interface UnipileInboundSettings {
  /** `UNIPILE_WEBHOOK_SECRET`: the value of the `Unipile-Auth` header every delivery must carry; unset: deliveries are refused (503). */
  webhookSecret: string | undefined;
}

/** Shorter secrets could be guessed by whoever can reach the public route. */
const MIN_SECRET_LENGTH = 16;

export function unipileInboundSettings(env: Env): UnipileInboundSettings {
  const webhookSecret = nonEmpty(env.UNIPILE_WEBHOOK_SECRET);
  if (webhookSecret !== undefined && webhookSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`UNIPILE_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32)`);
  }
  return { webhookSecret };
}
