import type { Pool } from '../platform/database/database.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { refusing } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import type { Clock } from '../platform/time.ts';
import { testMailbox } from './connectionTest.ts';
import type { MailAccess } from './connections.ts';
import { type MailboxList, mailboxInputSchema, mailboxListSchema, mailboxPatchSchema, type MailboxTest, mailboxTestSchema, type MailboxView, mailboxViewSchema } from './contract.ts';
import { createMailbox, deleteMailbox, listMailboxes, loadMailbox, mailboxInputRefusal, mailboxNotFound, mailboxPatchRefusal, mailboxView, updateMailbox } from './mailboxes.ts';

/** A mailbox body is small: two servers and a schedule. */
export const MAILBOX_BODY_LIMIT_BYTES = 16 * 1024;

const MAILBOX: MailboxView = {
  id: 3,
  from_address: 'anna@acme.example',
  from_name: 'Anna Novak',
  smtp: { host: 'smtp.acme.example', port: 587, security: 'starttls', user: 'anna@acme.example', password_set: true },
  imap: { host: 'imap.acme.example', port: 993, security: 'tls', user: 'anna@acme.example', password_set: true },
  time_zone: 'Europe/Berlin',
  sending_hours: { start: '09:00', end: '17:00' },
  sending_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  daily_limit: 50,
  warmup: null,
  reading: { last_read_at: '2026-11-27T09:15:00.000+01:00', error: null },
  created_at: '2026-11-20T10:00:00.000+01:00',
  updated_at: '2026-11-20T10:00:00.000+01:00',
};

const tags = ['Mailboxes'];
const params = pathIdParams('The mailbox id', mailboxNotFound);
const mailboxAnswer = (description: string) => example(mailboxViewSchema, MAILBOX, description);

const SCHEMAS = {
  create: {
    summary: 'Add a mailbox',
    description: 'A mailbox the Autopilot sends e-mail touches from (SMTP) and reads replies into (IMAP); its passwords are stored encrypted with SECRET_KEY and never answered.',
    tags,
    operationId: 'createMailbox',
    body: refusing(
      example(mailboxInputSchema, {
        from_address: 'anna@acme.example',
        from_name: 'Anna Novak',
        smtp: { host: 'smtp.acme.example', port: 587, security: 'starttls', user: 'anna@acme.example', password: 'app-password' },
        imap: { host: 'imap.acme.example', port: 993, security: 'tls', user: 'anna@acme.example', password: 'app-password' },
        time_zone: 'Europe/Berlin',
        sending_hours: { start: '09:00', end: '17:00' },
        daily_limit: 50,
      }),
      mailboxInputRefusal,
    ),
    errors: errorCodes('invalid_mailbox', 'secret_key_missing', 'account_not_found'),
    response: { 201: mailboxAnswer('Added (its address in `Location`)') },
  },
  list: {
    summary: "The account's mailboxes",
    tags,
    operationId: 'listMailboxes',
    response: { 200: example(mailboxListSchema, { mailboxes: [MAILBOX] }) },
  },
  show: { summary: 'A mailbox', tags, operationId: 'getMailbox', params, errors: errorCodes('mailbox_not_found'), response: { 200: mailboxAnswer('The mailbox') } },
  update: {
    summary: 'Change a mailbox',
    description: 'The fields to change; a server left without `password` keeps its own; `imap: null` stops reading replies.',
    tags,
    operationId: 'updateMailbox',
    params,
    body: refusing(example(mailboxPatchSchema, { daily_limit: 80, sending_days: ['mon', 'tue', 'wed', 'thu'] }), mailboxPatchRefusal),
    errors: errorCodes('invalid_mailbox', 'mailbox_not_found', 'secret_key_missing'),
    response: { 200: mailboxAnswer('The mailbox as changed') },
  },
  remove: { summary: 'Remove a mailbox', tags, operationId: 'deleteMailbox', params, errors: errorCodes('mailbox_not_found'), response: { 200: mailboxAnswer('The mailbox removed') } },
  test: {
    summary: "Try a mailbox's servers",
    description: 'Connects and logs in to its SMTP server and, when it has one, its IMAP server; says in words what worked or failed.',
    tags,
    operationId: 'testMailbox',
    params,
    errors: errorCodes('mailbox_not_found', 'secret_key_missing'),
    response: {
      200: example(mailboxTestSchema, {
        smtp: { ok: true, message: 'Connected to smtp.acme.example:587 and logged in' },
        imap: { ok: true, message: 'Connected to imap.acme.example:993 and logged in' },
      }),
    },
  },
};

/**
 * The mailboxes' API, behind an API key (the key's account owns the mailboxes):
 * `POST|GET /mailboxes`, `GET|PATCH|DELETE /mailboxes/{id}`, `POST /mailboxes/{id}/test`.
 * Passwords go in, never out. The Autopilot's e-mail channel serves it (channels/email/channel.ts).
 */
export function mailboxRoutes(app: HttpScope, pool: Pool, access: MailAccess, clock: Clock): void {
  app.post('/mailboxes', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES, schema: SCHEMAS.create }, async (request, reply) => {
    const created: MailboxView = await createMailbox(pool, request.holder.account.id, request.body, access.secrets, clock);
    return reply.code(201).header('Location', `/mailboxes/${created.id}`).send(created);
  });

  app.get('/mailboxes', { schema: SCHEMAS.list }, async (request): Promise<MailboxList> => ({ mailboxes: await listMailboxes(pool, request.holder.account.id) }));

  app.get('/mailboxes/:id', { schema: SCHEMAS.show }, async (request): Promise<MailboxView> => mailboxView(await loadMailbox(pool, request.holder.account.id, request.params.id)));

  app.patch('/mailboxes/:id', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES, schema: SCHEMAS.update }, async (request): Promise<MailboxView> => {
    return updateMailbox(pool, request.holder.account.id, request.params.id, request.body, access.secrets, clock);
  });

  app.delete('/mailboxes/:id', { schema: SCHEMAS.remove }, async (request): Promise<MailboxView> => deleteMailbox(pool, request.holder.account.id, request.params.id));

  app.post('/mailboxes/:id/test', { schema: SCHEMAS.test }, async (request): Promise<MailboxTest> => testMailbox(await loadMailbox(pool, request.holder.account.id, request.params.id), access));
}
