/**
 * HubSpot's v3 request signature, written for the tests from HubSpot's documentation ("Validating
 * requests from HubSpot", v3) and independently of the app's own `signatureV3`, so that a mistake in
 * the app's algorithm cannot hide behind the same mistake in the requests the tests send:
 *
 * 1. The source string is the method, the request URI, the raw body and the timestamp, concatenated.
 * 2. The URI is the whole URL HubSpot called (scheme, host, path, query), in which the percent-encoded
 *    forms of `: / ? @ ! $ ' ( ) * , ;` are decoded; every other escape stays as sent.
 * 3. The signature is HMAC-SHA256 of that string keyed with the app's client secret, base64-encoded.
 *
 * This one uses WebCrypto and decodes by walking the escapes, where the app uses node:crypto and a regex.
 */
import { createHash } from 'node:crypto';
const DECODED_BY_HUBSPOT = ":/?@!$'()*,;";

function hubspotUri(url: string): string {
  let out = '';
  for (let index = 0; index < url.length; index++) {
    const escape = url.slice(index, index + 3);
    if (url[index] === '%' && /^%[0-9a-fA-F]{2}$/.test(escape)) {
      const character = String.fromCharCode(parseInt(escape.slice(1), 16));
      out += DECODED_BY_HUBSPOT.includes(character) ? character : escape;
      index += 2;
    } else {
      out += url[index];
    }
  }
  return out;
}

/** X-HubSpot-Signature-v3 for a request to `url` (the address HubSpot called) with this body and timestamp. */
export function hubspotSignatureV3(clientSecret: string, method: string, url: string, body: string, timestamp: string): Promise<string> {
  return signSource(clientSecret, method + hubspotUri(url) + body + timestamp);
}

/** base64(HMAC-SHA256(secret, source)): step 3 alone, for a test that signs a source string of its own making. */
export async function signSource(clientSecret: string, source: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(clientSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(source))).toString('base64');
}

/**
 * HubSpot's v2 signature (`X-HubSpot-Signature` with `X-HubSpot-Signature-Version: v2`), from its legacy
 * guide ("Validating requests", v2; what its custom workflow action guide says those requests carry):
 * the hex SHA-256 of the client secret, the method, the URI exactly as called and the body, concatenated.
 * Written apart from the app's `signatureV2` (here node's hash of a Buffer built by hand).
 */
export function hubspotSignatureV2(clientSecret: string, method: string, url: string, body: string): string {
  const source = Buffer.concat([clientSecret, method, url, body].map((part) => Buffer.from(part, 'utf8')));
  return createHash('sha256').update(source).digest('hex');
}
