import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountNotFound } from '../accounts/index.ts';
import type { Pool } from '../platform/database/database.ts';
import { normaliseEmail } from '../platform/emailAddress.ts';
import { AppError } from '../platform/errors.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import type { HttpScope } from '../platform/module.ts';
import { refusing } from '../platform/http/validation.ts';
import { isoWithOffset } from '../platform/time.ts';
import { type Refusal, storable } from '../platform/validation/index.ts';
import { checkCsrf, csrfToken, requireSession } from './authenticate.ts';
import { acceptanceSchema, accountChoiceSchema, type InvitationView, invitationSchema, type SessionView, sessionSchema, signInSchema, tokenParams } from './contract.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './cookie.ts';
import { acceptInvitation, findInvitation } from './invitations.ts';
import { passwordMatches } from './passwords.ts';
import { createSession, endSession, endUserSessions, findSession, type Session, switchAccount } from './sessions.ts';
import type { PeopleSettings } from './settings.ts';
import { countSignInAttempt } from './signInLimit.ts';
import { findUserByEmail, membershipsOf } from './users.ts';
import validator from 'validator';

const tags = ['Sign-in'];

const SESSION: SessionView = {
  user: { id: 4, email: 'anna@acme.example', name: 'Anna Novak' },
  account: { id: 1, name: 'Acme Sales' },
  role: 'admin',
  accounts: [{ id: 1, name: 'Acme Sales', role: 'admin' }],
  csrf_token: 'b3Jt2QvJ1mUuYw5p0qX6Jk8n7Zr4Vt9sLe2Hc1Ga0Do',
  expires_at: '2026-11-28T09:15:00.000+00:00',
};

const sessionAnswer = (description: string) => ({ 200: example(sessionSchema, SESSION, description) });
const noContent = (description: string) => ({ 204: { type: 'null', description } });
const cookieOnly = [{ session: [] }];

/**
 * How the sign-in routes refuse a body: 400 `invalid_body` with every problem in words. Passwords are
 * taken as typed (nothing is trimmed); other text must be storable. The routes' `onRequest` hooks (SECRET_KEY,
 * then the CSRF check) run before it.
 */
const BODY: Refusal = {
  prepare(given, problems) {
    if (given === undefined) problems.error('', 'The request has no body: send it as JSON');
    return given;
  },
  rules(value, problems) {
    if (problems.hasErrors) return;
    for (const [field, text] of Object.entries(value as Record<string, unknown>)) {
      if (field !== 'password' && typeof text === 'string' && !storable(text)) problems.error(`/${field}`, `"${field}" holds characters that cannot be stored`);
    }
  },
  error: (problems) => new AppError('invalid_body', { problems }),
};

const SCHEMAS = {
  signIn: {
    summary: 'Sign in',
    description:
      'Starts a session: its token comes as the `pr_session` cookie (HttpOnly, SameSite=Lax, Secure under https), a new one at each sign-in. An unknown address and a wrong password answer alike. Attempts are limited per address and per client address (429 with `Retry-After`).',
    tags,
    operationId: 'signIn',
    body: refusing(example(signInSchema, { email: 'anna@acme.example', password: 'correct horse battery staple' }), BODY),
    errors: errorCodes('invalid_body', 'invalid_credentials', 'too_many_attempts', 'csrf_failed', 'secret_key_missing'),
    response: sessionAnswer('Signed in (the cookie in `Set-Cookie`)'),
  },
  session: {
    summary: 'The signed-in session',
    description: 'Who is signed in, acting in which account with which role, and the `csrf_token` every change made with the cookie carries as `x-csrf-token`.',
    tags,
    operationId: 'getSession',
    security: cookieOnly,
    errors: errorCodes('not_signed_in'),
    response: sessionAnswer('The session'),
  },
  chooseAccount: {
    summary: 'Act in another account',
    description: 'Moves the session to another account of the signed-in person (one of `accounts`).',
    tags,
    operationId: 'chooseSessionAccount',
    security: cookieOnly,
    body: refusing(example(accountChoiceSchema, { account_id: 1 }), BODY),
    errors: errorCodes('not_signed_in', 'csrf_failed', 'invalid_body', 'account_not_found'),
    response: sessionAnswer('The session, in that account'),
  },
  signOut: {
    summary: 'Sign out',
    description: 'Ends this session and clears its cookie.',
    tags,
    operationId: 'signOut',
    security: cookieOnly,
    errors: errorCodes('not_signed_in', 'csrf_failed'),
    response: noContent('Signed out'),
  },
  signOutEverywhere: {
    summary: 'Sign out everywhere',
    description: "Ends every session of the signed-in person, on every device, and clears this one's cookie.",
    tags,
    operationId: 'signOutEverywhere',
    security: cookieOnly,
    errors: errorCodes('not_signed_in', 'csrf_failed'),
    response: noContent('Every session ended'),
  },
  invitation: {
    summary: 'What a one-time link offers',
    description: 'An invitation into an account with a role, or a password reset (`prospect-engine users invite|reset-password`, or the first start). Used, expired and unknown links answer alike.',
    tags,
    operationId: 'getInvitation',
    params: tokenParams,
    errors: errorCodes('invitation_not_found'),
    response: { 200: example(invitationSchema, { email: 'anna@acme.example', account: { id: 1, name: 'Acme Sales' }, role: 'admin', expires_at: '2026-12-04T10:00:00.000+00:00' }) },
  },
  accept: {
    summary: 'Take a one-time link',
    description:
      'Gives the membership, uses the link up, and signs the person in. A new address gets the password given (at least 12 characters; what is wrong comes as `problems`); a known one proves itself with its current password (401 `invalid_credentials` otherwise, attempts limited as sign-ins are); a reset link sets a new password and ends their sessions.',
    tags,
    operationId: 'acceptInvitation',
    params: tokenParams,
    body: refusing(example(acceptanceSchema, { password: 'correct horse battery staple', name: 'Anna Novak' }), BODY),
    errors: errorCodes('invitation_not_found', 'invalid_password', 'invalid_user', 'invalid_credentials', 'too_many_attempts', 'invalid_body', 'csrf_failed', 'secret_key_missing'),
    response: sessionAnswer('Signed in (the cookie in `Set-Cookie`)'),
  },
};

/** `work`, with `Retry-After` on its answer when it refuses too many sign-in attempts. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many_attempts') void reply.header('retry-after', String(error.details.retry_after_seconds));
    throw error;
  }
}

/**
 * `/auth`: sign-in with e-mail and password into server-side sessions, the session's account, sign-out,
 * and the one-time links that create a sign-in. Open routes: each reads the session cookie itself.
 */
export function authRoutes(open: HttpScope, pool: Pool, settings: PeopleSettings): void {
  const secure = settings.publicUrl.startsWith('https:');
  const needSecrets = () => {
    if (!settings.secrets) {
      throw new AppError(
        'secret_key_missing',
        { message: 'Sign-in needs SECRET_KEY, which this engine does not have: set SECRET_KEY (openssl rand -base64 32) and restart it' },
        'sign-in needs SECRET_KEY (32 random bytes, base64 or hex: `openssl rand -base64 32`); set it in the environment',
      );
    }
  };

  // The routes' `onRequest` hooks, run before the body is read and checked (validation.ts): sign-in and
  // accepting a link need SECRET_KEY, then a change from this engine's origin; a session's changes need
  // the session, then its CSRF token. The handler finds the session the hook opened in `signedIn`.
  const signInGate = async (request: FastifyRequest) => {
    needSecrets();
    checkCsrf(settings, request);
  };
  const signedIn = new WeakMap<FastifyRequest, { session: Session; token: string }>();
  const sessionGate = async (request: FastifyRequest) => {
    const session = await requireSession(pool, settings, request);
    checkCsrf(settings, request, session.token);
    signedIn.set(request, session);
  };

  const view = async (session: Session, token: string): Promise<SessionView> => {
    const memberships = await membershipsOf(pool, session.user.id);
    const current = memberships.find((membership) => membership.accountId === session.account.id)!;
    return {
      user: session.user,
      account: { id: current.accountId, name: current.accountName },
      role: session.role,
      accounts: memberships.map((membership) => ({ id: membership.accountId, name: membership.accountName, role: membership.role })),
      csrf_token: csrfToken(settings, token),
      expires_at: isoWithOffset(session.endsAt),
    };
  };

  /** A new session for the user (the one the request carried, if any, ends: rotation), its cookie set. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: number, accountId: number): Promise<SessionView> => {
    const previous = sessionToken(request);
    if (previous !== undefined) await endSession(pool, previous);
    const token = await createSession(pool, userId, accountId, settings.maxAgeMs);
    setSessionCookie(reply, token, { secure, maxAgeMs: settings.maxAgeMs });
    return view((await findSession(pool, token, settings.idleMs))!, token);
  };

  open.post('/auth/sign-in', { schema: SCHEMAS.signIn, onRequest: signInGate, config: { openLimit: 'sign_in' } }, async (request, reply): Promise<SessionView> => {
    const { body } = request;
    const raw = normaliseEmail(body.email.trim());
    const email = raw !== undefined && validator.isEmail(raw) ? raw : undefined;
    await withRetryAfter(reply, () =>
      countSignInAttempt(pool, [...(email === undefined ? [] : [{ key: `address:${email}`, limit: settings.attemptsPerAddress }]), { key: `ip:${request.ip}`, limit: settings.attemptsPerIp }]),
    );
    const user = email === undefined ? undefined : await findUserByEmail(pool, email);
    const matches = await passwordMatches(user?.passwordHash, body.password);
    const memberships = user && matches ? await membershipsOf(pool, user.id) : [];
    if (!user || memberships.length === 0) throw new AppError('invalid_credentials');
    return signIn(request, reply, user.id, memberships[0]!.accountId);
  });

  open.get('/auth/session', { schema: SCHEMAS.session }, async (request): Promise<SessionView> => {
    const { session, token } = await requireSession(pool, settings, request);
    return view(session, token);
  });

  open.put('/auth/session/account', { schema: SCHEMAS.chooseAccount, onRequest: sessionGate }, async (request): Promise<SessionView> => {
    const { session, token } = signedIn.get(request)!;
    const { account_id: accountId } = request.body;
    if (!(await switchAccount(pool, session.id, accountId))) throw accountNotFound(accountId);
    return view((await findSession(pool, token, settings.idleMs))!, token);
  });

  open.post('/auth/sign-out', { schema: SCHEMAS.signOut, onRequest: sessionGate }, async (request, reply) => {
    const { token } = signedIn.get(request)!;
    await endSession(pool, token);
    clearSessionCookie(reply, { secure });
    return reply.code(204).send();
  });

  open.post('/auth/sign-out-everywhere', { schema: SCHEMAS.signOutEverywhere, onRequest: sessionGate }, async (request, reply) => {
    const { session } = signedIn.get(request)!;
    await endUserSessions(pool, session.user.id);
    clearSessionCookie(reply, { secure });
    return reply.code(204).send();
  });

  open.get('/auth/invitations/:token', { schema: SCHEMAS.invitation, config: { openLimit: 'sign_in' } }, async (request): Promise<InvitationView> => {
    const invitation = await findInvitation(pool, request.params.token);
    return { email: invitation.email, account: { id: invitation.accountId, name: invitation.accountName }, role: invitation.role, expires_at: isoWithOffset(invitation.expiresAt) };
  });

  open.post('/auth/invitations/:token/accept', { schema: SCHEMAS.accept, onRequest: signInGate, config: { openLimit: 'sign_in' } }, async (request, reply): Promise<SessionView> => {
    const { body } = request;
    const limits = { perAddress: settings.attemptsPerAddress, client: { key: `ip:${request.ip}`, limit: settings.attemptsPerIp } };
    const { userId, accountId } = await withRetryAfter(reply, () => acceptInvitation(pool, request.params.token, { password: body.password, name: body.name?.trim(), email: body.email }, limits));
    return signIn(request, reply, userId, accountId);
  });
}
