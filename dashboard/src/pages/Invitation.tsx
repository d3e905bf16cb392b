import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, messageOf } from '../api/client';
import { useAcceptInvitation, useInvitation } from '../api/session';
import { LoadingState } from '../components/States';
import { AuthLayout } from './AuthLayout';

/** The one-time link's page: whoever holds it sets a password and is signed in to the invited account. */
export default function Invitation() {
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');

  if (invitation.isPending) {
    return (
      <AuthLayout title="Your invitation">
        <LoadingState label="Reading the invitation" />
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    const gone = invitation.error instanceof ApiError && invitation.error.code === 'invitation_not_found';
    return (
      <AuthLayout title="Your invitation">
        <Alert color="red" role="alert" mb="md">
          {gone ? 'This link has been used, has expired, or was never valid. Ask the account owner for a new one.' : messageOf(invitation.error)}
        </Alert>
        <Button component={Link} to="/sign-in" variant="light">
          Go to sign-in
        </Button>
      </AuthLayout>
    );
  }
  const { email, account, role } = invitation.data;
  const mismatch = repeated !== '' && repeated !== password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    accept.mutate({ password, ...(name.trim() ? { name: name.trim() } : {}), ...(email === null ? { email: address.trim() } : {}) }, { onSuccess: () => navigate('/autopilots', { replace: true }) });
  };
  return (
    <AuthLayout
      title="Set your password"
      subtitle={
        <>
          You were invited to <b>{account.name}</b> as {role === 'member' ? 'a' : 'an'} {role}.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {accept.isError && (
            <Alert color="red" role="alert">
              {messageOf(accept.error)}
            </Alert>
          )}
          {/* The first start's owner link names no address: the owner chooses the one to sign in with. */}
          {email === null ? (
            <TextInput label="E-mail" type="email" required autoComplete="username" value={address} onChange={(event) => setAddress(event.currentTarget.value)} />
          ) : (
            <TextInput label="E-mail" value={email} readOnly autoComplete="username" />
          )}
          <TextInput label="Your name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
          <PasswordInput label="Password" description="At least 12 characters." autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <PasswordInput
            label="Password again"
            autoComplete="new-password"
            required
            value={repeated}
            error={mismatch ? 'The two passwords differ.' : undefined}
            onChange={(event) => setRepeated(event.currentTarget.value)}
          />
          <Button type="submit" loading={accept.isPending} disabled={password === '' || repeated !== password || (email === null && address.trim() === '')}>
            Set password and sign in
          </Button>
          <Text size="xs" c="dimmed">
            The link works once.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
