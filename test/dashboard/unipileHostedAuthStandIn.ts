/**
 * A local stand-in of Unipile's hosted authentication, for the dashboard's browser tests: a real HTTP
 * server on 127.0.0.1 that answers `POST /api/v1/hosted/accounts/link` as Unipile documents it
 * (`X-API-KEY` checked, `{object: "HostedAuthURL", url}` answered) with a URL to its own page. That
 * page stands for Unipile's wizard: its "Connect" button POSTs the link's `notify_url` with
 * `{status, account_id, name}` (a new account id for `create`, the account to reconnect for
 * `reconnect`) and redirects to `success_redirect_url`; "Cancel" redirects to `failure_redirect_url`.
 * `GET /api/v1/accounts/{id}` answers an account it connected as Unipile documents it, named with its
 * link's `name` (what the engine checks a notification against).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostedLink {
  id: string;
  /** The request body as the engine sent it. */
  request: Record<string, any>;
  /** The account id the page gave Unipile's notification, once "Connect" was clicked. */
  connectedAccountId?: string;
  /** How the engine answered the notification. */
  notified?: { status: number; body: unknown };
}

export interface HostedAuthStandIn {
  /** The DSN to give the engine as UNIPILE_BASE_URL. */
  url: string;
  links: HostedLink[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(link: HostedLink): string {
  const provider = (link.request.providers as string[]).join(', ');
  const what = link.request.type === 'reconnect' ? 'Reconnect' : 'Connect';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Unipile (stand-in)</title></head>
<body><main><h1>${what} your ${escape(provider)} account</h1><p>A local stand-in of Unipile's hosted authentication.</p>
<form method="post" action="/hosted/${link.id}/connect"><button type="submit">Connect</button></form>
<form method="post" action="/hosted/${link.id}/cancel"><button type="submit">Cancel</button></form></main></body></html>`;
}

export async function startHostedAuthStandIn(options: { apiKey: string }): Promise<HostedAuthStandIn> {
  const links: HostedLink[] = [];
  let base = '';
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', base).pathname;
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'POST' && path === '/api/v1/hosted/accounts/link') {
      if (request.headers['x-api-key'] !== options.apiKey) return answer(401, { status: 401, type: 'errors/missing_credentials', title: 'Missing credentials' });
      const link: HostedLink = { id: randomBytes(8).toString('hex'), request: JSON.parse(await bodyOf(request)) };
      links.push(link);
      return answer(201, { object: 'HostedAuthURL', url: `${base}/hosted/${link.id}` });
    }
    const account = /^\/api\/v1\/accounts\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && account) {
      if (request.headers['x-api-key'] !== options.apiKey) return answer(401, { status: 401, type: 'errors/missing_credentials', title: 'Missing credentials' });
      const connected = links.findLast((candidate) => candidate.connectedAccountId === decodeURIComponent(account[1]!));
      if (!connected) return answer(404, { status: 404, type: 'errors/resource_not_found', title: 'Resource not found.' });
      const type = (connected.request.providers as string[])[0];
      return answer(200, {
        object: 'Account',
        type,
        id: connected.connectedAccountId,
        name: connected.request.name,
        created_at: new Date().toISOString(),
        groups: [],
        sources: [{ id: `${connected.connectedAccountId}_MESSAGING`, status: 'OK' }],
      });
    }
    const match = /^\/hosted\/([0-9a-f]+)(?:\/(connect|cancel))?$/.exec(path);
    const link = match && links.find((candidate) => candidate.id === match[1]);
    if (!link) return answer(404, { status: 404, type: 'errors/not_found' });
    if (request.method === 'GET' && !match![2]) return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(link));
    if (request.method === 'POST' && match![2] === 'cancel') return response.writeHead(303, { location: link.request.failure_redirect_url }).end();
    if (request.method === 'POST' && match![2] === 'connect') {
      const reconnect = link.request.type === 'reconnect';
      link.connectedAccountId = reconnect ? link.request.reconnect_account : `unipile-${randomBytes(6).toString('hex')}`;
      const notified = await fetch(link.request.notify_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: reconnect ? 'RECONNECTED' : 'CREATION_SUCCESS', account_id: link.connectedAccountId, name: link.request.name }),
      });
      link.notified = { status: notified.status, body: await notified.json() };
      return response.writeHead(303, { location: link.request.success_redirect_url }).end();
    }
    return answer(405, { status: 405 });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, links, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
