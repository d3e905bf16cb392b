import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, messageOf } from '../api/client';
import { useSession, useSignIn } from '../api/session';
import { AuthLayout } from './AuthLayout';

export function signInProblem(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_credentials') return 'That e-mail and password do not match an account.';
  if (error instanceof ApiError && error.code === 'too_many_attempts') {
    const seconds = error.body.retry_after_seconds;
    return `Too many attempts. Try again ${seconds ? `in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}` : 'later'}.`;
  }
  return messageOf(error);
}

export default function SignIn() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/autopilots';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  if (session.data) return <Navigate to={from} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The Autopilots page's code downloads while the engine checks the password (the slow part of signing in).
    // A failed download is not this form's concern: the page's own route asks again and shows its error.
    if (from === '/autopilots') import('./autopilots/list/AutopilotsList').catch(() => {});
    signIn.mutate({ email: email.trim(), password }, { onSuccess: () => navigate(from, { replace: true }) });
  };
  return (
    <AuthLayout title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack>
          {signIn.isError && (
            <Alert color="red" role="alert">
              {signInProblem(signIn.error)}
            </Alert>
          )}
          <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <Button type="submit" loading={signIn.isPending} disabled={email.trim() === '' || password === ''}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
