import { Ajv } from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { runCli } from '../../../../src/app/cli/program.ts';
import { seatListSchema, seatViewSchema } from '../../../../src/autopilot/channels/unipile/contract.ts';
import { TYPED_ID_WARNING } from '../../../../src/autopilot/channels/unipile/seatCommands.ts';
import { setSeatStatus } from '../../../../src/autopilot/channels/unipile/seatStatus.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import { researchModule } from '../../../../src/research/module.ts';
import type { AppError } from '../../../../src/platform/errors.ts';
import { client, createCustomer, useEngine } from '../../../support/engine.ts';
import { seedSeat } from '../../../support/seats.ts';

/** Seats: `GET /seats`, `GET|PATCH|DELETE /seats/{id}` (no `POST /seats`: a typed Unipile account id is for ops), and `prospect-engine seats add|list|update|remove`. */
const ajv = new Ajv({ strict: false });
const isView = ajv.compile(seatViewSchema);
const isList = ajv.compile(seatListSchema);
const modules = () => [accountsModule(), researchModule(), autopilotModule()];
const fixture = useEngine({ modules: modules() });

let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let accountId: number;

beforeAll(async () => {
  const customer = await createCustomer(fixture.engine.pool);
  accountId = customer.account.id;
  api = client(fixture.engine.url, customer.key);
  other = client(fixture.engine.url, (await createCustomer(fixture.engine.pool, { name: 'Other' })).key);
});

const linkedin = (overrides: Record<string, unknown> = {}) => ({ channel: 'linkedin', unipile_account_id: 'li-anna', label: 'Anna (LinkedIn)', time_zone: 'Europe/Berlin', ...overrides });

/** A seat added as ops add one (`seats add`): answers its view, or throws `invalid_seat`. */
const addSeat = (body: unknown) => seedSeat(fixture.engine.pool, accountId, body as Record<string, unknown>);

describe('seats API', () => {
  it('answers a seat ops added, lists it and shows it to its account only', async () => {
    const created = await addSeat(linkedin());
    const shown = await api.request('GET', `/seats/${created.id}`);
    expect(isView(shown.body)).toBe(true);
    expect(shown.body).toMatchObject({
      channel: 'linkedin',
      unipile_account_id: 'li-anna',
      label: 'Anna (LinkedIn)',
      window: { start: '09:00', end: '17:00' },
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      messages_per_day: 50,
      invitations_per_day: 80,
      invitations_per_week: 200,
      status: 'connected',
      status_detail: null,
    });
    const list = await api.request('GET', '/seats');
    expect(isList(list.body)).toBe(true);
    expect((list.body.seats as { id: number }[]).map((seat) => seat.id)).toEqual([created.id]);
    expect(await other.request('GET', `/seats/${created.id}`)).toMatchObject({ status: 404, body: { error: 'seat_not_found' } });
    expect((await other.request('GET', '/seats')).body).toEqual({ seats: [], next_after: null });
  });

  it("takes no typed Unipile account id over HTTP: POST /seats is not offered, answers alike whether or not another account's seat has the id, and adds nothing", async () => {
    // li-anna is this account's seat (above); for the other account, an id no seat has and that one look the same.
    const taken = await other.request('POST', '/seats', { body: linkedin() });
    const free = await other.request('POST', '/seats', { body: linkedin({ unipile_account_id: 'li-nobody' }) });
    expect(taken).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(free).toMatchObject({ status: taken.status, body: taken.body });
    expect(JSON.stringify(taken.body)).not.toContain('li-anna');
    expect((await other.request('GET', '/seats')).body).toEqual({ seats: [], next_after: null });
    expect(await api.request('POST', '/seats', { body: linkedin({ unipile_account_id: 'li-typed' }) })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(((await api.request('GET', '/seats')).body.seats as { unipile_account_id: string }[]).map((seat) => seat.unipile_account_id)).toEqual(['li-anna']);
  });

  it('adds whatsapp and telegram seats without invitation limits, with their own window, days and messages a day', async () => {
    const created = await addSeat({
      channel: 'whatsapp',
      unipile_account_id: 'wa-anna',
      label: 'Anna (WhatsApp)',
      time_zone: 'America/New_York',
      window: { start: '10:00', end: '24:00' },
      days: ['sat', 'mon'],
      messages_per_day: 20,
    });
    expect(created).toMatchObject({ window: { start: '10:00', end: '24:00' }, days: ['mon', 'sat'], messages_per_day: 20, invitations_per_day: null, invitations_per_week: null });
  });

  it.each([
    ['no body', undefined, ''],
    ['not an object', [1], ''],
    ['an unknown channel', linkedin({ channel: 'email', unipile_account_id: 'x1' }), '/channel'],
    ['no account id', linkedin({ unipile_account_id: undefined }), ''],
    ['a zone that is no place', linkedin({ unipile_account_id: 'x2', time_zone: '+02:00' }), '/time_zone'],
    ['a window that ends before it starts', linkedin({ unipile_account_id: 'x3', window: { start: '17:00', end: '09:00' } }), '/window'],
    ['a day that is not one', linkedin({ unipile_account_id: 'x4', days: ['monday'] }), '/days/0'],
    ['invitations above the network ceiling', linkedin({ unipile_account_id: 'x5', invitations_per_day: 150 }), '/invitations_per_day'],
    ['a weekly limit below the daily one', linkedin({ unipile_account_id: 'x6', invitations_per_day: 50, invitations_per_week: 40 }), '/invitations_per_week'],
    ['invitations on whatsapp', { channel: 'whatsapp', unipile_account_id: 'x7', label: 'W', time_zone: 'Europe/Berlin', invitations_per_day: 5 }, '/invitations_per_day'],
    ['an unknown field', linkedin({ unipile_account_id: 'x8', password: 'x' }), ''],
    ['a Unipile account that is already a seat', linkedin(), '/unipile_account_id'],
  ])('refuses %s: invalid_seat with the problem in words', async (_name, body, path) => {
    const refused = await addSeat(body).then(
      () => undefined,
      (error: unknown) => error as AppError,
    );
    expect(refused?.code).toBe('invalid_seat');
    expect((refused!.details.problems as { path: string }[]).some((problem) => problem.path === path || (path === '' && typeof problem.path === 'string'))).toBe(true);
  });

  it('refuses JSON that does not parse, and ids that name nothing', async () => {
    const seat = await addSeat(linkedin({ unipile_account_id: 'li-json' }));
    expect((await api.request('PATCH', `/seats/${seat.id}`, { raw: '{"label":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    for (const id of ['0', 'abc', '99999999', '1e3']) {
      expect(await api.request('GET', `/seats/${id}`)).toMatchObject({ status: 404, body: { error: 'seat_not_found' } });
      expect(await api.request('DELETE', `/seats/${id}`)).toMatchObject({ status: 404, body: { error: 'seat_not_found' } });
    }
    expect((await client(fixture.engine.url).request('GET', '/seats')).status).toBe(401);
  });

  it('shows a seat Unipile disconnected, with why, and connected again', async () => {
    const created = { body: await addSeat(linkedin({ unipile_account_id: 'li-lost' })) };
    const at = new Date(Date.now() + 1000);
    expect(await setSeatStatus(fixture.engine.pool, { unipileAccountId: 'li-lost', status: 'disconnected', detail: 'credentials expired', at })).toBe(true);
    // The same report again changes nothing.
    expect(await setSeatStatus(fixture.engine.pool, { unipileAccountId: 'li-lost', status: 'disconnected', detail: 'again', at })).toBe(false);
    expect((await api.request('GET', `/seats/${created.body.id}`)).body).toMatchObject({ status: 'disconnected', status_detail: 'credentials expired' });
    // A report older than the last change (a late webhook) changes nothing either.
    expect(await setSeatStatus(fixture.engine.pool, { unipileAccountId: 'li-lost', status: 'connected', detail: null, at: new Date(at.getTime() - 60_000) })).toBe(false);
    expect(await setSeatStatus(fixture.engine.pool, { unipileAccountId: 'li-lost', status: 'connected', detail: null, at: new Date(at.getTime() + 1000) })).toBe(true);
    expect((await api.request('GET', `/seats/${created.body.id}`)).body).toMatchObject({ status: 'connected', status_detail: null });
  });

  it("changes a seat's schedule, limits and warm-up with PATCH, keeping the rest and the lead conversations it holds; its channel and account cannot change", async () => {
    const created = await addSeat(linkedin({ unipile_account_id: 'li-patch', warmup: { start_per_day: 10, increase_per_day: 5 } }));
    // Started today in the seat's zone.
    expect(created.warmup).toEqual({ start_per_day: 10, increase_per_day: 5, started_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const patched = await api.request('PATCH', `/seats/${created.id}`, {
      body: { label: 'Anna, new', invitations_per_day: 40, days: ['mon', 'wed'], warmup: { start_per_day: 5, increase_per_day: 5, started_on: '2030-01-07' } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(isView(patched.body)).toBe(true);
    expect(patched.body).toMatchObject({
      label: 'Anna, new',
      unipile_account_id: 'li-patch',
      time_zone: 'Europe/Berlin',
      days: ['mon', 'wed'],
      messages_per_day: 50,
      invitations_per_day: 40,
      invitations_per_week: 200,
      warmup: { start_per_day: 5, increase_per_day: 5, started_on: '2030-01-07' },
    });
    expect((await api.request('PATCH', `/seats/${created.id}`, { body: { warmup: null } })).body).toMatchObject({ warmup: null, label: 'Anna, new' });

    for (const [body, path] of [
      [{ channel: 'telegram' }, '/channel'],
      [{ unipile_account_id: 'li-other' }, '/unipile_account_id'],
      [{ invitations_per_week: 10 }, '/invitations_per_week'],
      [{ warmup: { start_per_day: 500, increase_per_day: 1 } }, '/warmup/start_per_day'],
      [{ dayz: ['mon'] }, '/dayz'],
    ] as const) {
      const refused = await api.request('PATCH', `/seats/${created.id}`, { body });
      expect([refused.status, refused.body.error], JSON.stringify(body)).toEqual([400, 'invalid_seat']);
      expect(
        (refused.body.problems as { path: string }[]).map((problem) => problem.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await api.request('PATCH', `/seats/${created.id}`, { body: [] })).body.error).toBe('invalid_seat');
    expect(await other.request('PATCH', `/seats/${created.id}`, { body: { label: 'Mine' } })).toMatchObject({ status: 404, body: { error: 'seat_not_found' } });
    expect((await api.request('GET', `/seats/${created.id}`)).body).toMatchObject({ label: 'Anna, new', invitations_per_day: 40 });
  });

  it('never answers 5xx to a PATCH, whatever the body, and a POST only the route not offered', async () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const spoiled = fc.oneof(
      json,
      fc.record(
        {
          channel: fc.oneof(json, fc.constantFrom('linkedin', 'whatsapp', 'telegram')),
          unipile_account_id: json,
          label: json,
          time_zone: json,
          window: json,
          days: json,
          messages_per_day: json,
          invitations_per_day: json,
          invitations_per_week: json,
          warmup: json,
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom<unknown>(
        linkedin({ unipile_account_id: 'li-fuzz-nul', time_zone: 'Europe/Berlin\u0000' }),
        linkedin({ unipile_account_id: 'li-fuzz-\ud800' }),
        linkedin({ unipile_account_id: 'li-fuzz-big', messages_per_day: 1e308 }),
        linkedin({ unipile_account_id: 'li-fuzz-warm', warmup: { start_per_day: 1, increase_per_day: 1, started_on: '2030-02-31' } }),
        JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
        'just text',
        null,
      ),
    );
    const existing = await addSeat(linkedin({ unipile_account_id: 'li-fuzz' }));
    await fc.assert(
      fc.asyncProperty(spoiled, fc.boolean(), async (body, patch) => {
        if (!patch) {
          // No route: a body that parses gets 404, one the JSON parser refuses (__proto__) gets invalid_json first.
          const posted = await api.request('POST', '/seats', { body });
          expect(
            [
              [404, 'not_found'],
              [400, 'invalid_json'],
            ],
            JSON.stringify(posted.body),
          ).toContainEqual([posted.status, posted.body.error]);
          return;
        }
        const reply = await api.request('PATCH', `/seats/${existing.id}`, { body });
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
        if (reply.status >= 400) expect(['invalid_seat', 'invalid_json', 'payload_too_large', 'seat_not_found']).toContain(reply.body.error);
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20_261_126), numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  }, 60_000);

  it('removes a seat and answers what it removed', async () => {
    const created = await addSeat({ channel: 'telegram', unipile_account_id: 'tg-anna', label: 'Anna (Telegram)', time_zone: 'Europe/Berlin' });
    const removed = await api.request('DELETE', `/seats/${created.id}`);
    expect(removed).toMatchObject({ status: 200, body: { id: created.id, label: 'Anna (Telegram)' } });
    expect((await api.request('GET', `/seats/${created.id}`)).status).toBe(404);
  });
});

describe('prospect-engine seats', () => {
  async function cli(args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, modules(), {
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: fixture.database.url },
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
    });
    return { code, stdout, stderr };
  }

  it('adds a seat by a typed id with a warning, lists and removes it, and refuses a bad one with the same words', async () => {
    const account = String(accountId);
    const add = await cli([
      'seats',
      'add',
      '--account',
      account,
      '--channel',
      'linkedin',
      '--unipile-account',
      'li-cli',
      '--label',
      'Ops seat',
      '--time-zone',
      'Europe/Warsaw',
      '--hours',
      '08:00-16:00',
      '--days',
      'mon,tue',
      '--invitations-per-day',
      '30',
      '--json',
    ]);
    expect(add.code, add.stderr).toBe(0);
    // Typing an id is for ops, and they are told what it does.
    expect(add.stderr).toBe(`${TYPED_ID_WARNING}\n`);
    const created = JSON.parse(add.stdout);
    expect(created).toMatchObject({ channel: 'linkedin', label: 'Ops seat', window: { start: '08:00', end: '16:00' }, days: ['mon', 'tue'], invitations_per_day: 30, invitations_per_week: 200 });

    const list = await cli(['seats', 'list', '--account', account]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Ops seat');
    expect(list.stdout).toContain('30 invitations/day, 200 a week');

    const bad = await cli(['seats', 'add', '--account', account, '--channel', 'telegram', '--unipile-account', 'tg-cli', '--label', 'T', '--time-zone', 'Mars/Olympus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"time_zone" "Mars/Olympus" is not an IANA time zone');

    const updated = await cli(['seats', 'update', String(created.id), '--account', account, '--messages-per-day', '25', '--warmup', '5+5', '--json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ label: 'Ops seat', messages_per_day: 25, invitations_per_day: 30, warmup: { start_per_day: 5, increase_per_day: 5 } });
    const noWarmup = await cli(['seats', 'update', '--account', account, '--seat', String(created.id), '--no-warmup']);
    expect(noWarmup.code, noWarmup.stderr).toBe(0);
    expect(noWarmup.stdout).toMatch(/warmup:\s+off/);

    const removed = await cli(['seats', 'remove', String(created.id), '--account', account]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`removed seat ${created.id} (Ops seat, linkedin)`);
    expect((await cli(['seats', 'remove', '--account', account, '--seat', String(created.id)])).code).toBe(2);
  });
});
