import type { Queryable } from '../../platform/database/database.ts';
import type { Channel } from '../contract.ts';

/**
 * The channels the account has a sender on: a mailbox for e-mail, a seat for the others (a seat the
 * provider disconnected still counts: its touches wait and say why).
 */
export async function channelsWithSender(db: Queryable, accountId: number): Promise<Set<Channel>> {
  const { rows } = await db.query<{ channel: Channel }>(
    `SELECT 'email' AS channel WHERE EXISTS (SELECT 1 FROM autopilot_mailboxes WHERE account_id = $1)
     UNION SELECT channel FROM autopilot_seats WHERE account_id = $1`,
    [accountId],
  );
  return new Set(rows.map((row) => row.channel));
}
