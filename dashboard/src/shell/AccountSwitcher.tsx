import { NativeSelect } from '@mantine/core';
import { type Session, useSwitchAccount } from '../api/session';

/** For users in several accounts: which one the dashboard acts in. Nothing to show with one. */
export function AccountSwitcher({ session }: { session: Session }) {
  const switchAccount = useSwitchAccount(session);
  if (session.accounts.length < 2) return null;
  return (
    <NativeSelect
      aria-label="Account"
      size="sm"
      maw={200}
      value={String(session.account.id)}
      disabled={switchAccount.isPending}
      data={session.accounts.map((account) => ({ value: String(account.id), label: account.name }))}
      onChange={(event) => switchAccount.mutate(Number(event.currentTarget.value))}
    />
  );
}
