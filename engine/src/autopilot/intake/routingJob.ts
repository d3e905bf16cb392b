import type { Queryable } from '../../platform/database/database.ts';
import { addJobUnlessPending } from '../../platform/queue/tasks.ts';

/** The job that routes an account's due contacts: one pending per account, however many batches arrive meanwhile. */
export function routeJobKey(accountId: number): string {
  return `route_contacts:${accountId}`;
}

/**
 * Routing runs before the main runner's other work (graphile-worker runs lower priorities first): a
 * backlog of sends or deliveries must not hold enrolments back past their minute. Research, on the bulk
 * runner, never holds its slots at all.
 */
export const ROUTING_PRIORITY = -10;

/**
 * Wakes the account's routing once new or changed contacts have committed: queues `route_contacts`
 * unless one is pending (it starts later, so it sees them). While a run works, the job queued starts at
 * once and either routes or, finding that run, leaves the contacts to it (routing/routeAccount.ts).
 * Queued after the commit, never before it: a job started first could miss them. A process that dies
 * in between leaves them due, and the minute sweep routes them.
 */
export async function wakeRouting(db: Queryable, accountId: number): Promise<void> {
  await addJobUnlessPending(db, 'route_contacts', { accountId }, { jobKey: routeJobKey(accountId), priority: ROUTING_PRIORITY });
}
