// removed when the people branch lands: the engine's own /auth routes (users, sessions in PostgreSQL,
// roles) replace this whole file, and the browser test then talks to the engine directly.
/**
 * A test-only stand-in of the sign-in API contract (docs: the dashboard's sign-in contract), for the
 * dashboard's browser test while the engine has no /auth routes yet. It is a small HTTP server in
 * front of a running engine: `/auth/*` answered from memory (one cookie, `pr_session`; the CSRF header
 * checked on every change), every other request passed on to the engine, with the session's account's
 * API key added when the cookie is valid. Roles are not enforced: every user is the owner.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInAccount {
  id: number;
  name: string;
  /** An active API key of the account: what the stand-in acts with. */
  key: string;
}

interface User {
  id: number;
  email: string;
  name: string | null;
  password: string;
  accounts: StandInAccount[];
}

interface SessionState {
  user: User;
  account: StandInAccount;
  csrf: string;
  expiresAt: Date;
}

export interface AuthStandIn {
  url: string;
  /** A one-time owner invitation of `accounts[0]` (the user gets every account of `accounts`), as the first start prints it. */
  invite(email: string): string;
  close(): Promise<void>;
}

const COOKIE = 'pr_session';
const token = () => randomBytes(24).toString('base64url');

export async function startAuthStandIn(engineUrl: string, accounts: StandInAccount[]): Promise<AuthStandIn> {
  const users = new Map<string, User>();
  const sessions = new Map<string, SessionState>();
  const invitations = new Map<string, string>();
  const engine = new URL(engineUrl);

  const sessionBody = (session: SessionState) => ({
    user: { id: session.user.id, email: session.user.email, name: session.user.name },
    account: { id: session.account.id, name: session.account.name },
    role: 'owner',
    accounts: session.user.accounts.map((account) => ({ id: account.id, name: account.name, role: 'owner' })),
    csrf_token: session.csrf,
    expires_at: session.expiresAt.toISOString(),
  });
  const startSession = (response: ServerResponse, user: User) => {
    const id = token();
    const session = { user, account: user.accounts[0]!, csrf: token(), expiresAt: new Date(Date.now() + 86_400_000) };
    sessions.set(id, session);
    response.setHeader('set-cookie', `${COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/`);
    send(response, 200, sessionBody(session));
  };
  const cookieOf = (request: IncomingMessage) => /(?:^|;\s*)pr_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const id = cookieOf(request);
    const session = id === undefined ? undefined : sessions.get(id);
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? 'GET');
    const csrfOk = !session || !unsafe || request.headers['x-csrf-token'] === session.csrf;

    if (url.pathname.startsWith('/auth/')) {
      const body = unsafe ? await readJson(request) : undefined;
      const path = url.pathname;
      const invitation = /^\/auth\/invitations\/([^/]+)(\/accept)?$/.exec(path);
      if (path === '/auth/sign-in' && request.method === 'POST') {
        const user = users.get(String(body?.email ?? '').toLowerCase());
        if (!user || user.password !== body?.password) return send(response, 401, { error: 'invalid_credentials' });
        return startSession(response, user);
      }
      if (invitation && request.method === 'GET') {
        const email = invitations.get(invitation[1]!);
        if (!email) return send(response, 404, { error: 'invitation_not_found' });
        const account = accounts[0]!;
        return send(response, 200, { email, account: { id: account.id, name: account.name }, role: 'owner', expires_at: new Date(Date.now() + 86_400_000).toISOString() });
      }
      if (invitation?.[2] && request.method === 'POST') {
        const email = invitations.get(invitation[1]!);
        if (!email) return send(response, 404, { error: 'invitation_not_found' });
        const password = typeof body?.password === 'string' ? body.password : '';
        if (password.length < 12) return send(response, 400, { error: 'invalid_password', problems: [{ path: '/password', message: 'A password has at least 12 characters.' }] });
        invitations.delete(invitation[1]!);
        const user = { id: users.size + 1, email, name: typeof body?.name === 'string' ? body.name : null, password, accounts };
        users.set(email, user);
        return startSession(response, user);
      }
      if (!session) return send(response, 401, { error: 'not_signed_in' });
      if (!csrfOk) return send(response, 403, { error: 'csrf_failed' });
      if (path === '/auth/session' && request.method === 'GET') return send(response, 200, sessionBody(session));
      if (path === '/auth/session/account' && request.method === 'PUT') {
        const account = session.user.accounts.find((candidate) => candidate.id === body?.account_id);
        if (!account) return send(response, 404, { error: 'account_not_found' });
        session.account = account;
        return send(response, 200, sessionBody(session));
      }
      if (path === '/auth/sign-out' && request.method === 'POST') {
        sessions.delete(id!);
        response.setHeader('set-cookie', `${COOKIE}=; Max-Age=0; Path=/`);
        return send(response, 204);
      }
      if (path === '/auth/sign-out-everywhere' && request.method === 'POST') {
        for (const [other, state] of sessions) if (state.user === session.user) sessions.delete(other);
        response.setHeader('set-cookie', `${COOKIE}=; Max-Age=0; Path=/`);
        return send(response, 204);
      }
      return send(response, 404, { error: 'not_found' });
    }

    if (!csrfOk) return send(response, 403, { error: 'csrf_failed' });
    const headers = { ...request.headers, host: engine.host };
    delete headers.cookie;
    if (session) headers.authorization = `Bearer ${session.account.key}`;
    const upstream = httpRequest({ hostname: engine.hostname, port: engine.port, path: request.url, method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => send(response, 502, { error: 'bad_gateway' }));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    invite(email) {
      const invitation = token();
      invitations.set(invitation, email);
      return invitation;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, any> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
