import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type Session, useSignOut } from '../api/session';

export function UserMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const signOut = useSignOut(session, false);
  const signOutEverywhere = useSignOut(session, true);
  const leave = { onSuccess: () => navigate('/sign-in', { replace: true }) };
  const who = session.user.name || session.user.email;
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${who}`}>
          <Avatar color="indigo" radius="xl" size={34}>
            {who.slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="bright" truncate>
            {who}
          </Text>
          <Text size="xs" truncate>
            {session.account.name} · {session.role}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item onClick={() => signOut.mutate(undefined, leave)}>Sign out</Menu.Item>
        <Menu.Item color="red" onClick={() => signOutEverywhere.mutate(undefined, leave)}>
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
