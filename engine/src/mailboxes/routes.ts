import type { FastifyInstance } from 'fastify';
import type { Pool } from '../platform/database/database.ts';
import type { Clock } from '../platform/time.ts';
import { testMailbox } from './connectionTest.ts';
import type { MailAccess } from './connections.ts';
import type { MailboxList, MailboxTest, MailboxView } from './contract.ts';
import { createMailbox, deleteMailbox, invalidMailbox, listMailboxes, loadMailbox, mailboxId, mailboxView, updateMailbox } from './mailboxes.ts';

/** A mailbox body is small: two servers and a schedule. */
export const MAILBOX_BODY_LIMIT_BYTES = 16 * 1024;

interface Addressed {
  Params: { id: string };
}

const noBody = () => invalidMailbox([{ severity: 'error', path: '', message: 'The request has no body: send the mailbox as JSON' }]);

/**
 * The mailboxes' API, behind an API key (the key's account owns the mailboxes):
 * `POST|GET /mailboxes`, `GET|PATCH|DELETE /mailboxes/{id}`, `POST /mailboxes/{id}/test`.
 * Passwords go in, never out. The Autopilot's e-mail channel serves it (channels/email/channel.ts).
 */
export function mailboxRoutes(app: FastifyInstance, pool: Pool, access: MailAccess, clock: Clock): void {
  app.post('/mailboxes', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES }, async (request, reply) => {
    if (request.body === undefined) throw noBody();
    const created: MailboxView = await createMailbox(pool, request.holder.account.id, request.body, access.secrets, clock);
    return reply.code(201).header('Location', `/mailboxes/${created.id}`).send(created);
  });

  app.get('/mailboxes', async (request): Promise<MailboxList> => ({ mailboxes: await listMailboxes(pool, request.holder.account.id) }));

  app.get<Addressed>('/mailboxes/:id', async (request): Promise<MailboxView> => mailboxView(await loadMailbox(pool, request.holder.account.id, mailboxId(request.params.id))));

  app.patch<Addressed>('/mailboxes/:id', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES }, async (request): Promise<MailboxView> => {
    const id = mailboxId(request.params.id);
    if (request.body === undefined) throw noBody();
    return updateMailbox(pool, request.holder.account.id, id, request.body, access.secrets, clock);
  });

  app.delete<Addressed>('/mailboxes/:id', async (request): Promise<MailboxView> => deleteMailbox(pool, request.holder.account.id, mailboxId(request.params.id)));

  app.post<Addressed>('/mailboxes/:id/test', async (request): Promise<MailboxTest> =>
    testMailbox(await loadMailbox(pool, request.holder.account.id, mailboxId(request.params.id)), access),
  );
}
