import type { Pool } from '../platform/database/database.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { refusing } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import type { Clock } from '../platform/time.ts';
import { limitOn, pageOf, rampFrom } from '../senders/index.ts';
import { testMailbox } from './connectionTest.ts';
import type { MailAccess } from './connections.ts';
import {
  MAX_MAILBOXES_PER_ACCOUNT,
  type MailboxList,
  mailboxInputSchema,
  mailboxPageQuery,
  mailboxListSchema,
  mailboxPatchSchema,
  type MailboxTest,
  mailboxTestSchema,
  type MailboxView,
  mailboxViewSchema,
} from './contract.ts';
import { accountMailboxes, createMailbox, deleteMailbox, loadMailbox, mailboxInputRefusal, type Mailbox, mailboxNotFound, mailboxPatchRefusal, mailboxView, updateMailbox } from './mailboxes.ts';

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
  warmup: { start_per_day: 10, increase_per_day: 5, started_on: '2026-11-25' },
  today: { date: '2026-11-27', sent: 12, limit: 20 },
  ramp: [
    { date: '2026-11-27', limit: 20 },
    { date: '2026-11-28', limit: 25 },
    { date: '2026-11-29', limit: 30 },
    { date: '2026-11-30', limit: 35 },
    { date: '2026-12-01', limit: 40 },
    { date: '2026-12-02', limit: 45 },
    { date: '2026-12-03', limit: 50 },
  ],
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
    description: "Oldest first, each with today's use and the warm-up ahead; by keyset (`after` the last id of the page before), the whole list by default (an account has at most 200).",
    tags,
    operationId: 'listMailboxes',
    querystring: mailboxPageQuery,
    errors: errorCodes('invalid_query'),
    response: { 200: example(mailboxListSchema, { mailboxes: [MAILBOX], next_after: null }) },
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
    description:
      "Connects and logs in to its SMTP server and, when it has one, its IMAP server (and opens INBOX); says in words what worked or failed, step by step, with the server's own words where one failed.",
    tags,
    operationId: 'testMailbox',
    params,
    errors: errorCodes('mailbox_not_found', 'secret_key_missing'),
    response: {
      200: example(mailboxTestSchema, {
        smtp: {
          ok: true,
          message: 'connected to smtp.acme.example:587 and logged in as anna@acme.example',
          steps: [
            { step: 'address', status: 'ok', message: 'smtp.acme.example may be used' },
            { step: 'connect', status: 'ok', message: 'the SMTP server answers at smtp.acme.example:587' },
            { step: 'tls', status: 'ok', message: 'encrypted with STARTTLS' },
            { step: 'login', status: 'ok', message: 'logged in as anna@acme.example' },
          ],
        },
        imap: {
          ok: false,
          message: 'the IMAP server refused the login: Authentication failed.; check the user and password',
          steps: [
            { step: 'address', status: 'ok', message: 'imap.acme.example may be used' },
            { step: 'connect', status: 'ok', message: 'the IMAP server answers at imap.acme.example:993' },
            { step: 'tls', status: 'ok', message: 'encrypted with TLS from the first byte' },
            { step: 'login', status: 'failed', message: 'the IMAP server refused the login: Authentication failed.; check the user and password' },
            { step: 'inbox', status: 'skipped', message: 'not tried: login failed' },
          ],
        },
      }),
    },
  },
};

/**
 * What each mailbox sent, or is sending, in its own local day that holds `at` (the sender counts it so):
 * the e-mail channel, which sends, answers it.
 */
export type MailboxUse = (mailboxes: readonly Mailbox[], at: Date) => Promise<Map<number, { date: string; sent: number }>>;

/**
 * The mailboxes' API, behind an API key (the key's account owns the mailboxes):
 * `POST|GET /mailboxes`, `GET|PATCH|DELETE /mailboxes/{id}`, `POST /mailboxes/{id}/test`.
 * Passwords go in, never out. Each answer says what the mailbox used of today's limit and the warm-up
 * ahead, computed as the sender paces it (senders/limits.ts). The Autopilot's e-mail channel serves it
 * (channels/email/channel.ts).
 */
export function mailboxRoutes(app: HttpScope, pool: Pool, access: MailAccess, clock: Clock, use: MailboxUse): void {
  const views = async (mailboxes: readonly Mailbox[]): Promise<MailboxView[]> => {
    const used = await use(mailboxes, clock.now());
    return mailboxes.map((mailbox) => {
      const day = used.get(mailbox.id)!;
      return { ...mailboxView(mailbox), today: { date: day.date, sent: day.sent, limit: limitOn(mailbox.schedule, day.date) }, ramp: rampFrom(mailbox.schedule, day.date) };
    });
  };
  const viewOf = async (accountId: number, id: number): Promise<MailboxView> => (await views([await loadMailbox(pool, accountId, id)]))[0]!;

  app.post('/mailboxes', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES, schema: SCHEMAS.create }, async (request, reply) => {
    const created = await createMailbox(pool, request.holder.account.id, request.body, access.secrets, clock);
    return reply
      .code(201)
      .header('Location', `/mailboxes/${created.id}`)
      .send(await viewOf(request.holder.account.id, created.id));
  });

  app.get('/mailboxes', { schema: SCHEMAS.list }, async (request): Promise<MailboxList> => {
    const limit = request.query.limit ?? MAX_MAILBOXES_PER_ACCOUNT;
    const page = pageOf(await accountMailboxes(pool, request.holder.account.id, { after: request.query.after, limit: limit + 1 }), limit);
    return { mailboxes: await views(page.rows), next_after: page.nextAfter };
  });

  app.get('/mailboxes/:id', { schema: SCHEMAS.show }, async (request): Promise<MailboxView> => viewOf(request.holder.account.id, request.params.id));

  app.patch('/mailboxes/:id', { bodyLimit: MAILBOX_BODY_LIMIT_BYTES, schema: SCHEMAS.update }, async (request): Promise<MailboxView> => {
    const updated = await updateMailbox(pool, request.holder.account.id, request.params.id, request.body, access.secrets, clock);
    return viewOf(request.holder.account.id, updated.id);
  });

  app.delete('/mailboxes/:id', { schema: SCHEMAS.remove }, async (request): Promise<MailboxView> => deleteMailbox(pool, request.holder.account.id, request.params.id));

  app.post('/mailboxes/:id/test', { schema: SCHEMAS.test }, async (request): Promise<MailboxTest> => testMailbox(await loadMailbox(pool, request.holder.account.id, request.params.id), access));
}
