import { APP_ID, CLIENT_SECRET, PUBLIC_URL } from '../support.ts';
import { hubspotSignatureV3 } from '../hubspotSigner.ts';

export interface CardCall {
  portalId: number | string;
  method?: 'GET' | 'POST';
  /** A JSON body as hubspot.fetch sends it (signed as sent). */
  body?: unknown;
  /** The raw body instead, for what JSON.stringify cannot make. */
  raw?: string;
  userId?: number;
  userEmail?: string;
  /** The app id hubspot.fetch names; null leaves it out. */
  appId?: number | null;
  timestamp?: number;
  secret?: string;
  /** More query parameters, signed with the rest (after those hubspot.fetch adds). */
  extraQuery?: [string, string][];
  /** Changes the query after it was signed (the engine is called with the changed one). */
  tamperQuery?: (query: URLSearchParams) => void;
  /** Changes the body after it was signed. */
  tamperBody?: (body: string) => string;
  /** Leave the signature headers out. */
  unsigned?: boolean;
  headers?: Record<string, string>;
}

/**
 * A request to a card route as `hubspot.fetch` makes it: the portal, the user and the app added to the
 * query, signed v3 (by the tests' own signer) over the URL HubSpot called (PUBLIC_URL, path, query), the
 * body and the timestamp; sent to the engine under test.
 */
export async function cardFetch(engineUrl: string, path: string, call: CardCall): Promise<{ status: number; body: Record<string, unknown> }> {
  const method = call.method ?? 'GET';
  const query = new URLSearchParams({ userId: String(call.userId ?? 41), userEmail: call.userEmail ?? 'rep@acme.example', portalId: String(call.portalId) });
  if (call.appId !== null) query.set('appId', String(call.appId ?? APP_ID));
  for (const [name, value] of call.extraQuery ?? []) query.append(name, value);
  const body = call.raw ?? (call.body === undefined ? '' : JSON.stringify(call.body));
  const timestamp = String(call.timestamp ?? Date.now());
  const signature = await hubspotSignatureV3(call.secret ?? CLIENT_SECRET, method, `${PUBLIC_URL}${path}?${query}`, body, timestamp);
  call.tamperQuery?.(query);
  const response = await fetch(`${engineUrl}${path}?${query}`, {
    method,
    headers: {
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...(call.unsigned ? {} : { 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp }),
      ...call.headers,
    },
    body: method === 'GET' ? undefined : call.tamperBody ? call.tamperBody(body) : body,
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

export const cardPath = (contactId: string | number, action?: 'research' | 'close') => `/hubspot/card/contacts/${contactId}${action ? `/${action}` : ''}`;
