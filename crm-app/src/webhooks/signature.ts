import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

/**
 * The URI HubSpot signs in a v2 signature: the address it called as it called it (PUBLIC_URL's origin
 * and path, then the path and query as received), nothing decoded: the legacy guide asks for the URI
 * "exactly" as requested, and lists no characters to decode (https://legacydocs.hubspot.com/docs/faq/v2-request-validation).
 */
export function signedUriV2(publicUrl: string, requestUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return `${origin}${base}${requestUrl}`;
}

/** hex(SHA-256(clientSecret + method + uri + body)), as HubSpot computes X-HubSpot-Signature when X-HubSpot-Signature-Version is v2. */
export function signatureV2(clientSecret: string, method: string, uri: string, body: string): string {
  return createHash('sha256').update(`${clientSecret}${method}${uri}${body}`, 'utf8').digest('hex');
}

/**
 * Whether HubSpot signed this request with its v2 signature (what its custom workflow action guide says
 * those requests carry), compared in constant time. v2 has no timestamp: a captured request could be
 * sent again, so only routes where a repeat changes nothing may accept it (a workflow action's
 * execution is kept by its callbackId and answered again, never run twice; its options are a read).
 */
export function verifyV2(clientSecret: string, request: Omit<SignedRequest, 'timestamp'>): boolean {
  const { signature } = request;
  if (signature === undefined || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signatureV2(clientSecret, request.method, request.uri, request.body), 'hex');
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}
