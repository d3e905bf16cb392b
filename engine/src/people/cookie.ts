import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'pr_session';

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const token = parseCookie(header)[SESSION_COOKIE];
  return token === undefined || token === '' ? undefined : token;
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (a cross-site form post does not carry
 * it), Secure when the engine is reached over https, for the whole site.
 */
export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAgeMs: number }): void {
  void reply.header(
    'set-cookie',
    stringifySetCookie({ name: SESSION_COOKIE, value: token, httpOnly: true, sameSite: 'lax', path: '/', secure: options.secure, maxAge: Math.floor(options.maxAgeMs / 1000) }),
  );
}

export function clearSessionCookie(reply: FastifyReply, options: { secure: boolean }): void {
  void reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value: '', httpOnly: true, sameSite: 'lax', path: '/', secure: options.secure, maxAge: 0 }));
}
