import { createHmac, timingSafeEqual } from 'node:crypto';

/** HubSpot's requests older (or further ahead) than this are refused: a captured request cannot be replayed later. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;

/**
 * The characters HubSpot decodes in the request URI before signing (its "Validating requests" guide, v3:
 * https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation).
 * Others stay percent-encoded as they arrived.
 */
const DECODED: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

/** The URI HubSpot signs: the public origin it called (PUBLIC_URL) and the path and query as received, the listed characters decoded. */
export function signedUri(publicUrl: string, requestUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return `${origin}${base}${requestUrl}`.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (match) => DECODED[match.toUpperCase()]!);
}

/** base64(HMAC-SHA256(clientSecret, method + uri + body + timestamp)), as HubSpot computes X-HubSpot-Signature-v3. */
export function signatureV3(clientSecret: string, method: string, uri: string, body: string, timestamp: string): string {
  return createHmac('sha256', clientSecret).update(`${method}${uri}${body}${timestamp}`, 'utf8').digest('base64');
}

export interface SignedRequest {
  method: string;
  uri: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** Whether HubSpot signed this request within the last 5 minutes; the signatures compared in constant time. */
export function verifyV3(clientSecret: string, request: SignedRequest, now: Date): boolean {
  const { timestamp, signature } = request;
  if (timestamp === undefined || signature === undefined || !/^[0-9]{1,16}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() - Number(timestamp)) > MAX_SIGNATURE_AGE_MS) return false;
  const expected = Buffer.from(signatureV3(clientSecret, request.method, request.uri, request.body, timestamp));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
