import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, setCsrfToken } from './client';

/**
 * The signed-in user's session (`/auth/*`). Until the engine's OpenAPI document describes these routes,
 * their shapes are the sign-in contract's, written here once; when it does, they come from schema.d.ts.
 */
export interface Session {
  user: { id: number | string; email: string; name: string | null };
  account: { id: number; name: string };
  role: Role;
  accounts: { id: number; name: string; role: Role }[];
  csrf_token: string;
  expires_at: string;
}
export type Role = 'owner' | 'admin' | 'member';

export interface Invitation {
  email: string;
  account: { id: number; name: string };
  role: Role;
  expires_at: string;
}

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

/** The session, or null when no one is signed in. */
export function useSession() {
  return useQuery({
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
    mutationFn: (body: { password: string; name?: string }) => call<Session>('POST', `/auth/invitations/${encodeURIComponent(token)}/accept`, body),
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
