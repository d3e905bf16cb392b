import { createHmac, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks' tolerance: a delivery signed more than 5 minutes before (or after) now is refused. */
export const TOLERANCE_SECONDS = 5 * 60;

export interface SignedRequest {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer | string;
}

/** Why a delivery is refused, or null when it is the engine's, as sent and recently. */
export type Refusal = 'missing_headers' | 'stale_timestamp' | 'bad_signature' | null;

/**
 * Verifies a Standard Webhooks signature (https://www.standardwebhooks.com/): `webhook-signature`
 * holds one or more space-separated `v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${body}`, keyed
 * with the base64 bytes of the secret after its `whsec_` prefix. Compared in constant time.
 */
export function verifySignature(secret: string, request: SignedRequest, nowSeconds: number): Refusal {
  const { id, timestamp, signature } = request;
  if (!id || !timestamp || !signature) return 'missing_headers';
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return 'stale_timestamp';
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.`)
    .update(request.body)
    .digest();
  for (const entry of signature.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || value === undefined) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'bad_signature';
}
