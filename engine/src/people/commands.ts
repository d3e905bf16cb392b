import { type Command, Option } from 'commander';
import { accountAction, type AccountOption, accountCommand } from '../accounts/index.ts';
import { positiveId } from '../platform/cli/arguments.ts';
import { subjectArgument } from '../platform/cli/subject.ts';
import { fields, table } from '../platform/cli/output.ts';
import { AppError } from '../platform/errors.ts';
import { ROLES, type Role } from '../platform/http/roles.ts';
import type { CommandContext } from '../platform/module.ts';
import { isoWithOffset } from '../platform/time.ts';
import { type InvitationMailOutcome, mailInvitation } from './invitationMail.ts';
import { higherRole, insertInvitation, invitationLink, userEmail } from './invitations.ts';
import type { PeopleSettings } from './settings.ts';
import { findUserByEmail, listMembers, membershipsOf, removeMember, userNotFound } from './users.ts';

/** The closing line of `users invite`: whether the link went by e-mail, and what to do when it did not. */
function mailWords(email: string, mail: InvitationMailOutcome): string {
  if (mail.state === 'sent') return `E-mailed to ${email} from ${mail.from}. The link works once.`;
  if (mail.state === 'no_mailbox') return `Send ${email} the link; it works once. (The account has no mailbox to e-mail it from.)`;
  return `The e-mail to ${email} from ${mail.from} failed: ${mail.why}. The invitation stands: send ${email} the link; it works once.`;
}

/**
 * `prospect-engine users invite|list|remove|reset-password`. Links are printed for ops to hand over;
 * an invitation is also e-mailed from the account's first mailbox when it has one.
 */
export function usersCommands(program: Command, cli: CommandContext<unknown>): void {
  const users = program.command('users').description('manage the people who sign in to an account');

  accountCommand(users, 'invite')
    .description("invite someone into the account with a role: prints a one-time link that creates their sign-in, and e-mails it from the account's first mailbox")
    .requiredOption('--email <address>', 'their e-mail address, which they sign in with')
    .addOption(new Option('--role <role>', 'what they may do').choices(ROLES).makeOptionMandatory())
    .action(
      accountAction(cli, async ({ output, pool, settings }, options: AccountOption & { email: string; role: Role }) => {
        const { invitationMs, publicUrl, mailAccess } = settings as PeopleSettings;
        const email = userEmail(options.email);
        const accountName = (await pool.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [options.account])).rows[0]!.name;
        const current = (await listMembers(pool, options.account)).find((member) => member.email === email)?.role;
        // Accepting never lowers a role: a member already gets the higher of theirs and the invitation's.
        const role = current === undefined ? options.role : higherRole(current, options.role);
        const token = await insertInvitation(pool, { accountId: options.account, email, role: options.role, validForMs: invitationMs });
        const expiresAt = new Date(Date.now() + invitationMs);
        const link = invitationLink(publicUrl, token);
        const mail = await mailInvitation(pool, mailAccess, options.account, { to: email, accountName, role, link, expiresAt });
        const invitation = {
          email,
          account: options.account,
          role,
          ...(current === undefined ? {} : { current_role: current }),
          link,
          expires_at: isoWithOffset(expiresAt),
          emailed: mail.state === 'sent',
          ...(mail.state === 'failed' ? { email_error: mail.why } : {}),
        };
        const kept = role !== options.role ? [`${email} is already ${role} here, and an invitation never lowers a role: they stay ${role}.`] : [];
        output.result(invitation, () => [fields(invitation), '', ...kept, mailWords(email, mail)].join('\n'));
      }),
    );

  accountCommand(users, 'list')
    .description('list who may sign in to the account, with their roles')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const members = (await listMembers(pool, options.account)).map((member) => ({
          id: member.id,
          email: member.email,
          name: member.name,
          role: member.role,
          since: isoWithOffset(member.createdAt),
        }));
        output.result(members, () => table(members));
      }),
    );

  subjectArgument(accountCommand(users, 'remove'), 'email', 'their e-mail address', String, '--email <address>')
    .description('take someone out of the account: their sessions in it end at once')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, address: string) => {
        const member = await removeMember(pool, options.account, userEmail(address));
        const removed = { id: member.id, email: member.email, account: options.account, role: member.role };
        output.result(removed, () => `${fields(removed)}\n\nRemoved.`);
      }),
    );

  subjectArgument(users.command('reset-password'), 'email', 'their e-mail address', String, '--email <address>')
    .description('prints a one-time link that sets a new password for someone (their sessions end when it is used)')
    .option('--account <id>', 'the account the link signs them in to (default: their first)', positiveId)
    .action(
      cli.action(async ({ output, pool, settings }, address: string, options: { account?: number }) => {
        const { invitationMs, publicUrl } = settings as PeopleSettings;
        const email = userEmail(address);
        const user = await findUserByEmail(pool, email);
        if (!user) throw userNotFound(email);
        const memberships = await membershipsOf(pool, user.id);
        const membership = options.account === undefined ? memberships[0] : memberships.find((candidate) => candidate.accountId === options.account);
        if (!membership) throw new AppError('user_not_found', {}, `${email} is not a member of account ${options.account}`);
        const token = await insertInvitation(pool, { accountId: membership.accountId, email, role: null, validForMs: invitationMs });
        const link = { email, account: membership.accountId, link: invitationLink(publicUrl, token), expires_at: isoWithOffset(new Date(Date.now() + invitationMs)) };
        output.result(link, () => `${fields(link)}\n\nSend ${email} the link; it works once.`);
      }),
    );
}
