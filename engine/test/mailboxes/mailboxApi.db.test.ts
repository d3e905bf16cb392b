import { Ajv } from 'ajv';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { type RunningService, startService } from '../../src/app/service.ts';
import { emailChannel } from '../../src/autopilot/channels/email/channel.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { mailboxListSchema, mailboxViewSchema } from '../../src/mailboxes/contract.ts';
import { researchModule } from '../../src/research/module.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, KEY_PREFIX, newTestDatabase, useEngine } from '../support/engine.ts';
import { mailboxBody, TEST_SECRET_KEY } from './support.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const ajv = new Ajv({ strict: false });
const isView = ajv.compile(mailboxViewSchema);
const isList = ajv.compile(mailboxListSchema);

const PASSWORDS = ['smtp secret', 'imap secret', 'p4ss-in-a-bad-body'];

/** The engine with the e-mail channel, every log line kept (debug level) to check no password reaches it. */
let database: TestDatabase;
let service: RunningService;
const logged: string[] = [];
let url: string;

beforeAll(async () => {
  database = await newTestDatabase();
  service = await startService({
    env: { DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', API_KEY_PREFIX: KEY_PREFIX, SHUTDOWN_GRACE_SECONDS: '1', RESEARCH_KEYLESS_SOURCES: '', SECRET_KEY: TEST_SECRET_KEY },
    log: pino({ level: 'debug' }, { write: (line: string) => logged.push(line) }),
    http: true,
    worker: false,
    modules: [accountsModule(), researchModule(), autopilotModule({ email: emailChannel() })],
    print: () => undefined,
  });
  url = service.url!;
});

afterAll(async () => {
  await service?.stop();
  await database?.drop();
  // Whatever was sent and answered above, no password reached a log line.
  for (const password of PASSWORDS) expect(logged.join('\n')).not.toContain(password);
});

async function newApi() {
  const customer = await createCustomer(service.database.pool);
  return { customer, api: client(url, customer.key) };
}

const problemsOf = (body: Record<string, unknown>) => (body.problems as { path: string; message: string }[]).map((problem) => `${problem.path}: ${problem.message}`);

describe('start-up', () => {
  it('says in the log what the e-mail channel will do', () => {
    expect(logged.join('\n')).toContain('e-mail channel on: mailboxes read every minute (no IDLE); mail servers on private addresses refused');
  });
});

describe('POST /mailboxes', () => {
  it('takes a window that ends at midnight (24:00)', async () => {
    const { api } = await newApi();
    const late = await api.request('POST', '/mailboxes', {
      body: {
        from_address: 'late@acme.com',
        smtp: { host: 'smtp.acme.com', port: 587, security: 'starttls', user: 'late', password: 'smtp secret' },
        time_zone: 'America/New_York',
        sending_hours: { start: '18:00', end: '24:00' },
      },
    });
    expect([late.status, late.body.sending_hours]).toEqual([201, { start: '18:00', end: '24:00' }]);
  });

  it('creates a mailbox with the schedule defaults, answers it without passwords, and lists it', async () => {
    const { api } = await newApi();
    const reply = await api.request('POST', '/mailboxes', {
      body: { from_address: 'anna@acme.com', smtp: { host: 'smtp.acme.com', port: 587, security: 'starttls', user: 'anna', password: 'smtp secret' }, time_zone: 'America/New_York' },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('location')).toBe(`/mailboxes/${reply.body.id}`);
    expect(isView(reply.body), JSON.stringify(isView.errors)).toBe(true);
    expect(reply.body).toMatchObject({
      from_name: null,
      imap: null,
      sending_hours: { start: '09:00', end: '17:00' },
      sending_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      daily_limit: 50,
      warmup: null,
      reading: { last_read_at: null, error: null },
    });
    const list = await api.request('GET', '/mailboxes');
    expect(isList(list.body)).toBe(true);
    expect(list.body).toEqual({ mailboxes: [reply.body], next_after: null });
    expect(JSON.stringify(list.body)).not.toContain('secret');
  });

  it('starts a warm-up today in the mailbox time zone unless told when', async () => {
    const { api } = await newApi();
    const reply = await api.request('POST', '/mailboxes', { body: mailboxBody(587, null, { time_zone: 'Pacific/Kiritimati' }) });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(reply.body.warmup).toEqual({ start_per_day: 5, increase_per_day: 5, started_on: today });
    const given = await api.request('POST', '/mailboxes', {
      body: mailboxBody(587, null, { from_address: 'b@acme.test', warmup: { start_per_day: 3, increase_per_day: 2, started_on: '2026-11-02' } }),
    });
    expect(given.body.warmup).toEqual({ start_per_day: 3, increase_per_day: 2, started_on: '2026-11-02' });
  });

  it.each([
    [{ time_zone: 'Europe/Berln' }, '/time_zone: "time_zone" "Europe/Berln" is not an IANA time zone; write it like Europe/Berlin or America/New_York'],
    [{ time_zone: '+02:00' }, '/time_zone: "time_zone" "+02:00" is not an IANA time zone; write it like Europe/Berlin or America/New_York'],
    [{ sending_hours: { start: '17:00', end: '09:00' } }, '/sending_hours: "sending_hours" must end after they start: 17:00 to 09:00 is no time at all'],
    [{ sending_hours: { start: '9:00', end: '17:00' } }, '/sending_hours/start: "sending_hours.start" does not have the expected form'],
    [{ sending_hours: { start: '09:00', end: '24:30' } }, '/sending_hours/end: "sending_hours.end" does not have the expected form'],
    [{ sending_hours: { start: '24:00', end: '24:00' } }, '/sending_hours/start: "sending_hours.start" does not have the expected form'],
    [{ sending_days: ['mon', 'funday'] }, '/sending_days/1: "sending_days.1" must be one of mon, tue, wed, thu, fri, sat, sun; got "funday"'],
    [{ sending_days: [] }, '/sending_days: "sending_days" must hold at least 1'],
    [{ daily_limit: 0 }, '/daily_limit: "daily_limit" must be at least 1, not 0'],
    [{ warmup: { start_per_day: 80, increase_per_day: 5 } }, '/warmup/start_per_day: "warmup.start_per_day" (80) is above the daily limit (40)'],
    [{ warmup: { start_per_day: 5, increase_per_day: 5, started_on: '2026-02-30' } }, '/warmup/started_on: "warmup.started_on" "2026-02-30" is not a date'],
    [{ from_address: 'not an address' }, '/from_address: "from_address" "not an address" is not an e-mail address'],
    [{ smtp: { host: 'smtp .acme.com', port: 587, security: 'starttls', user: 'a', password: 'smtp secret' } }, '/smtp/host: "smtp.host" "smtp .acme.com" is not a host name or an IP address'],
    [{ smtp: { host: 'smtp.acme.com', port: 70000, security: 'starttls', user: 'a', password: 'smtp secret' } }, '/smtp/port: "smtp.port" must be at most 65535, not 70000'],
    [{ smtp: { host: 'smtp.acme.com', port: 587, security: 'ssl', user: 'a', password: 'smtp secret' } }, '/smtp/security: "smtp.security" must be one of tls, starttls, none; got "ssl"'],
    [{ smtp: { host: 'smtp.acme.com', port: 587, security: 'tls', user: 'a' } }, '/smtp/password: "smtp.password" is missing'],
    [
      { dailylimit: 5 },
      '/dailylimit: "dailylimit" is not a field of this document (did you mean "daily_limit"?); the fields are from_address, from_name, smtp, imap, time_zone, sending_hours, sending_days, daily_limit, warmup',
    ],
  ])('refuses %j in words', async (change, problem) => {
    const { api } = await newApi();
    const reply = await api.request('POST', '/mailboxes', { body: mailboxBody(587, 993, change) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_mailbox');
    expect(problemsOf(reply.body)).toContain(problem);
  });

  it('refuses a second mailbox sending from the same address', async () => {
    const { api } = await newApi();
    expect((await api.request('POST', '/mailboxes', { body: mailboxBody(587, null) })).status).toBe(201);
    const again = await api.request('POST', '/mailboxes', { body: mailboxBody(587, null) });
    expect(again.status).toBe(400);
    expect(problemsOf(again.body)).toEqual(['/from_address: The account already has a mailbox sending from "anna@acme.test"']);
  });

  it('keeps a password exactly as typed, spaces included, and never answers it even in a refusal', async () => {
    const { api } = await newApi();
    const refused = await api.request('POST', '/mailboxes', {
      body: mailboxBody(587, null, { time_zone: 'Nowhere', smtp: { host: 'x', port: 1, security: 'tls', user: 'u', password: 'p4ss-in-a-bad-body' } }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain('p4ss-in-a-bad-body');
  });
});

describe('GET, PATCH and DELETE /mailboxes/{id}', () => {
  it('changes only what the patch names; a password left out is kept; imap null stops reading', async () => {
    const { api, customer } = await newApi();
    const created = await api.request('POST', '/mailboxes', { body: mailboxBody(587, 993) });
    const { rows: before } = await service.database.pool.query('SELECT smtp_password_sealed FROM autopilot_mailboxes WHERE id = $1', [created.body.id]);
    const patched = await api.request('PATCH', `/mailboxes/${created.body.id}`, { body: { daily_limit: 30, smtp: { port: 465, security: 'tls' }, sending_days: ['sat', 'mon'], imap: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ daily_limit: 30, smtp: { port: 465, security: 'tls', host: '127.0.0.1' }, sending_days: ['mon', 'sat'], imap: null, warmup: created.body.warmup });
    const { rows: after } = await service.database.pool.query('SELECT smtp_password_sealed, account_id FROM autopilot_mailboxes WHERE id = $1', [created.body.id]);
    expect(after[0].smtp_password_sealed).toBe(before[0].smtp_password_sealed);
    expect(Number(after[0].account_id)).toBe(customer.account.id);
    expect((await api.request('GET', `/mailboxes/${created.body.id}`)).body).toEqual(patched.body);
  });

  it('asks for a whole IMAP server when a mailbox without one gets one', async () => {
    const { api } = await newApi();
    const created = await api.request('POST', '/mailboxes', { body: mailboxBody(587, null) });
    const reply = await api.request('PATCH', `/mailboxes/${created.body.id}`, { body: { imap: { host: 'imap.acme.test', port: 993 } } });
    expect(reply.status).toBe(400);
    expect(problemsOf(reply.body)).toEqual(['/imap: "imap" is new for this mailbox, so it needs host, port, security, user and password; security, user, password are missing']);
  });

  it('refuses a daily limit below the warm-up it already has', async () => {
    const { api } = await newApi();
    const created = await api.request('POST', '/mailboxes', { body: mailboxBody(587, null) });
    const reply = await api.request('PATCH', `/mailboxes/${created.body.id}`, { body: { daily_limit: 3 } });
    expect(problemsOf(reply.body)).toEqual(['/daily_limit: "daily_limit" (3) is below the warm-up\'s first day (5); change the warm-up too']);
  });

  it("answers 404 for another account's mailbox, an id that is not one, and a removed one", async () => {
    const { api } = await newApi();
    const { api: other } = await newApi();
    const created = await api.request('POST', '/mailboxes', { body: mailboxBody(587, null) });
    for (const [method, path] of [
      ['GET', `/mailboxes/${created.body.id}`],
      ['PATCH', `/mailboxes/${created.body.id}`],
      ['DELETE', `/mailboxes/${created.body.id}`],
      ['POST', `/mailboxes/${created.body.id}/test`],
      ['GET', '/mailboxes/abc'],
      ['GET', '/mailboxes/0'],
      ['GET', '/mailboxes/99999999999999999999'],
    ] as const) {
      const reply = await other.request(method, path, { body: method === 'PATCH' ? { daily_limit: 5 } : undefined });
      expect(reply, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'mailbox_not_found' } });
    }
    const removed = await api.request('DELETE', `/mailboxes/${created.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect((await api.request('GET', `/mailboxes/${created.body.id}`)).status).toBe(404);
  });

  it('needs an API key', async () => {
    expect((await client(url).request('GET', '/mailboxes')).status).toBe(401);
  });
});

describe('hostile input', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const spoiled = fc.oneof(
    json,
    fc.record({ from_address: json, smtp: json, imap: json, time_zone: json, sending_hours: json, sending_days: json, daily_limit: json, warmup: json }, { requiredKeys: [] }),
    fc.constantFrom<unknown>(
      { ...mailboxBody(587, 993), time_zone: 'Europe/Warsaw\u0000' },
      { ...mailboxBody(587, 993), from_address: '\ud800@acme.test' },
      { ...mailboxBody(587, 993), smtp: { ...mailboxBody(587, 993).smtp, password: 'x'.repeat(5000) } },
      { ...mailboxBody(587, 993), daily_limit: 1e308 },
      { ...mailboxBody(587, 993), sending_days: ['mon', 'mon'] },
      JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
      [mailboxBody(587, 993)],
      'just text',
      null,
    ),
  );

  it('never answers 5xx to a POST or PATCH, whatever the body', async () => {
    const { api } = await newApi();
    const existing = await api.request('POST', '/mailboxes', { body: mailboxBody(587, 993, { from_address: 'fuzz@acme.test' }) });
    await fc.assert(
      fc.asyncProperty(spoiled, fc.boolean(), async (body, patch) => {
        const reply = patch ? await api.request('PATCH', `/mailboxes/${existing.body.id}`, { body }) : await api.request('POST', '/mailboxes', { body });
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        if (reply.status >= 400) expect(['invalid_mailbox', 'invalid_json', 'payload_too_large', 'mailbox_not_found']).toContain(reply.body.error);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);

  it('refuses a body that is not JSON, or none, in words', async () => {
    const { api } = await newApi();
    expect((await api.request('POST', '/mailboxes', { raw: '{"from_address":', headers: { 'content-type': 'application/json' } })).body.error).toBe('invalid_json');
    const none = await api.request('POST', '/mailboxes');
    expect(none.status).toBe(400);
    expect(problemsOf(none.body)).toEqual([': The request has no body: send the mailbox as JSON']);
  });
});

describe('without SECRET_KEY', () => {
  const fixture = useEngine({ worker: false, modules: [accountsModule(), researchModule(), autopilotModule({ email: emailChannel() })] });

  it('refuses to store a password, saying what to set', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const reply = await client(fixture.engine.url, customer.key).request('POST', '/mailboxes', { body: mailboxBody(587, 993) });
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ error: 'secret_key_missing', message: expect.stringContaining('set SECRET_KEY (openssl rand -base64 32)') });
    const { rows } = await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_mailboxes');
    expect(rows[0].n).toBe(0);
  });
});
