import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, setCsrfToken } from './client';
import type { paths } from './schema';
import type { Json } from './types';

/** The signed-in user's session (`/auth/*`), as the engine's OpenAPI document describes it. */
export type Session = Json<paths['/auth/session']['get']['responses'][200]>;
export type Role = Session['role'];
/** A one-time link's offer; `email` is null on the first start's owner link (the owner gives the address). */
export type Invitation = Json<paths['/auth/invitations/{token}']['get']['responses'][200]>;
type Acceptance = NonNullable<Json<NonNullable<paths['/auth/invitations/{token}/accept']['post']['requestBody']>>>;

const SESSION = ['session'] as const;

async function call<T>(method: string, path: string, body?: unknown, csrfToken?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const text = await response.text();
  const parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (!response.ok) throw new ApiError(response.status, (parsed as ApiError['body']) ?? { error: `http_${response.status}` });
  return parsed as T;
}

/** The session, or null when no one is signed in: what useSession reads, and what a first load asks for early (routes.tsx). */
export const sessionQuery = queryOptions({
  queryKey: SESSION,
  queryFn: async (): Promise<Session | null> => {
    try {
      const session = await call<Session>('GET', '/auth/session');
      setCsrfToken(session.csrf_token);
      return session;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setCsrfToken(undefined);
        return null;
      }
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** A new session (sign-in, an accepted invitation, another account): every cached answer was someone else's. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    setCsrfToken(session.csrf_token);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION[0] });
    queryClient.setQueryData(SESSION, session);
  };
}

export function useSignIn() {
  const start = useStartSession();
  return useMutation({ mutationFn: (body: { email: string; password: string }) => call<Session>('POST', '/auth/sign-in', body), onSuccess: start });
}

export function useAcceptInvitation(token: string) {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: Acceptance) => call<Session>('POST', `/auth/invitations/${encodeURIComponent(token)}/accept`, body),
    onSuccess: start,
  });
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: ['invitation', token], queryFn: () => call<Invitation>('GET', `/auth/invitations/${encodeURIComponent(token)}`), retry: false });
}

export function useSwitchAccount(session: Session) {
  const start = useStartSession();
  return useMutation({ mutationFn: (accountId: number) => call<Session>('PUT', '/auth/session/account', { account_id: accountId }, session.csrf_token), onSuccess: start });
}

export function useSignOut(session: Session, everywhere: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call<void>('POST', everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out', undefined, session.csrf_token),
    onSuccess: () => {
      setCsrfToken(undefined);
      queryClient.clear();
      queryClient.setQueryData(SESSION, null);
    },
  });
}
