import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { autopilotErrorSchema, autopilotListSchema, autopilotSettingsSchema, autopilotViewSchema, type Channel, type TouchKind } from '../../src/autopilot/contract.ts';
import { client, createCustomer, type Customer, useTestEngine } from '../support/engine.ts';
import { autopilotApi, catchAll, emeaSaas, namesOf, SPEC_DEFAULT_SETTINGS } from './support.ts';

const fixture = useTestEngine({ worker: false });

const ajv = new Ajv({ strict: true });
const isView = ajv.compile(autopilotViewSchema);
const isList = ajv.compile(autopilotListSchema);
const isSettings = ajv.compile(autopilotSettingsSchema);
const isError = ajv.compile(autopilotErrorSchema);

const EMAIL_NOT_READY = {
  severity: 'warning',
  path: '/sequence/0',
  message: 'E-mail steps will not send until the account has an e-mail signature and a sender identity (PATCH /autopilot/settings, or prospect-engine settings set)',
};

const NO_MAILBOX = {
  severity: 'warning',
  path: '/sequence/0',
  message: 'E-mail steps wait until the account has a mailbox (POST /mailboxes, or prospect-engine mailboxes add)',
};

/** A customer of its own for each test, so tests do not see each other's Autopilots. */
async function newCustomer(): Promise<{ customer: Customer; api: ReturnType<typeof autopilotApi> }> {
  const customer = await createCustomer(fixture.engine.pool, { name: 'Autopilot tester' });
  return { customer, api: autopilotApi(fixture.engine.url, customer.key) };
}

describe('PUT /autopilots/{name}', () => {
  it('warns of each channel the sequence uses that the account has no mailbox or seat on, until it has one', async () => {
    const { api, customer } = await newCustomer();
    const step = (day: number, channel: Channel, kind: TouchKind) => ({ day, channel, kind, angle: 'Ask how they price today.', signals: [] });
    const steps = [step(1, 'linkedin', 'connection_request'), step(2, 'email', 'email'), step(3, 'whatsapp', 'message'), step(4, 'linkedin', 'message'), step(5, 'telegram', 'message')];
    const document = emeaSaas({ channels: ['linkedin', 'email', 'whatsapp', 'telegram'], sequence: steps });
    expect((await api.put('EMEA SaaS', document)).status).toBe(201);
    const senderWarnings = async () =>
      ((await api.get('EMEA SaaS')).body.problems as { path: string; message: string }[])
        .filter((problem) => / steps wait until the account has a/.test(problem.message))
        .map((problem) => `${problem.path} ${problem.message.split(' (')[0]}`);
    expect(await senderWarnings()).toEqual(['/sequence/0 Professional-network', '/sequence/1 E-mail steps wait until the account has a mailbox', '/sequence/2 Messaging-app', '/sequence/4 Chat-app']);
    await fixture.engine.pool.query(
      `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, label, time_zone, window_start, window_end, days, messages_per_day)
       VALUES ($1, 'linkedin', 'unipile-acc-1', 'Jane on LinkedIn', 'Europe/Berlin', '09:00', '17:00', '{1,2,3,4,5}', 50),
              ($1, 'telegram', 'unipile-acc-2', 'Jane on Telegram', 'Europe/Berlin', '09:00', '17:00', '{1,2,3,4,5}', 50)`,
      [customer.account.id],
    );
    expect(await senderWarnings()).toEqual(['/sequence/1 E-mail steps wait until the account has a mailbox', '/sequence/2 Messaging-app']);
  });

  it('creates the document as written, normalised, at the bottom of the list, with its address', async () => {
    const { api } = await newCustomer();
    const reply = await api.put('EMEA SaaS', emeaSaas());
    expect(reply.status).toBe(201);
    expect(reply.headers.get('location')).toBe('/autopilots/EMEA%20SaaS');
    expect(isView(reply.body), JSON.stringify(isView.errors)).toBe(true);
    const { id, enabled_at, created_at, updated_at, ...rest } = reply.body;
    expect(rest).toEqual({
      ...emeaSaas(),
      threading: true,
      sequence: [{ ...emeaSaas().sequence[0] }],
      position: 1,
      revision: 1,
      archived_at: null,
      problems: [EMAIL_NOT_READY, NO_MAILBOX],
    });
    expect(typeof id).toBe('number');
    expect(enabled_at).toMatch(/\+00:00$/);
    expect(created_at).toBe(updated_at);
    expect(await api.get('emea saas')).toMatchObject({ status: 200, body: reply.body });
  });

  it('fills in every default a document leaves out, and starts a new Autopilot switched off', async () => {
    const { api } = await newCustomer();
    const reply = await api.put('Minimal', {
      filter: { rules: [{ property: 'Country', operator: 'is_known' }] },
      channels: [],
      tone: 'Direct',
      goal: { type: 'engage' },
      sequence: [],
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: 'Minimal',
      enabled: false,
      enabled_at: null,
      fallback: false,
      filter: { match: 'all', rules: [{ property: 'Country', operator: 'is_known', values: [] }] },
      goal: { type: 'engage' },
      lead_origin: null,
      threading: true,
      stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
      problems: [{ severity: 'blocks_enabling', path: '/sequence', message: 'The sequence has no steps, so there is nothing to send' }],
    });
  });

  it('answers 200 for an update: the revision goes up only when the document changes', async () => {
    const { api } = await newCustomer();
    const created = await api.put('EMEA SaaS', emeaSaas());
    const again = await api.put('EMEA SaaS', emeaSaas());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: created.body.id, revision: 1, updated_at: created.body.updated_at });
    const changed = await api.put('EMEA SaaS', emeaSaas({ tone: 'Formal' }));
    expect(changed).toMatchObject({ status: 200, body: { id: created.body.id, revision: 2, tone: 'Formal' } });
  });

  it('finds the Autopilot whatever the case of the address, and takes the casing the document gives', async () => {
    const { api } = await newCustomer();
    const created = await api.put('EMEA SaaS', emeaSaas());
    const renamed = await api.put('emea saas', emeaSaas({ name: 'Emea Saas' }));
    expect(renamed).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Emea Saas' } });
    expect(namesOf((await api.list()).body)).toEqual(['Emea Saas']);
  });

  it('names a document that has no name after its address, and refuses one named otherwise', async () => {
    const { api } = await newCustomer();
    const { name: _name, ...unnamed } = emeaSaas();
    expect(await api.put('From the URL', unnamed)).toMatchObject({ status: 201, body: { name: 'From the URL' } });
    const other = await api.put('From the URL', emeaSaas({ name: 'Something else' }));
    expect(other).toEqual(expect.objectContaining({ status: 400 }));
    expect(other.body.problems).toContainEqual({
      severity: 'error',
      path: '/name',
      message: 'The document is named "Something else" but the address names "From the URL"; a different name is a different Autopilot',
    });
  });

  it('takes names with spaces, accents, slashes and emoji through percent-encoded addresses', async () => {
    const { api } = await newCustomer();
    for (const name of ['Région Île-de-France / Nord', 'Q3 🚀 push', 'a+b & c?d#e', `${'n'.repeat(98)}🚀`]) {
      expect((await api.put(name, emeaSaas({ name }))).status).toBe(201);
      expect(await api.get(name)).toMatchObject({ status: 200, body: { name } });
    }
    // A "+" in a path is a plus, not a space.
    expect((await api.request('GET', '/autopilots/a+b%20%26%20c%3Fd%23e')).status).toBe(200);
  });

  it('keeps the state when a document leaves `enabled` out, and records when it was switched on', async () => {
    const { api } = await newCustomer();
    const on = await api.put('EMEA SaaS', emeaSaas());
    const { enabled: _enabled, ...stateless } = emeaSaas();
    const stillOn = await api.put('EMEA SaaS', stateless);
    expect(stillOn.body).toMatchObject({ enabled: true, enabled_at: on.body.enabled_at });
    // Switching off is not a change of the document: the revision stays.
    const off = await api.put('EMEA SaaS', emeaSaas({ enabled: false }));
    expect(off.body).toMatchObject({ enabled: false, enabled_at: null, revision: 1 });
    expect((await api.put('EMEA SaaS', stateless)).body).toMatchObject({ enabled: false });
    const again = await api.put('EMEA SaaS', emeaSaas());
    expect(again.body.enabled).toBe(true);
    expect(Date.parse(again.body.enabled_at as string)).toBeGreaterThan(Date.parse(on.body.enabled_at as string));
  });

  it('stores a goal without its input switched off, explains why it cannot be on, and refuses it switched on', async () => {
    const { api } = await newCustomer();
    const draft = emeaSaas({ enabled: false, goal: { type: 'meetings' } });
    const stored = await api.put('Draft', { ...draft, name: 'Draft' });
    expect(stored.status).toBe(201);
    const blocker = { severity: 'blocks_enabling', path: '/goal/calendar_link', message: 'The meetings goal needs "calendar_link", the link leads book a meeting with' };
    expect(stored.body.problems).toContainEqual(blocker);
    const refused = await api.put('Draft', { ...draft, name: 'Draft', enabled: true });
    expect(refused.status).toBe(400);
    expect(isError(refused.body)).toBe(true);
    expect(refused.body).toMatchObject({ error: 'invalid_autopilot' });
    expect(refused.body.problems).toContainEqual(blocker);
    expect((await api.get('Draft')).body).toMatchObject({ enabled: false, revision: 1 });
  });

  it('refuses a step on a channel the Autopilot lacks while switched on', async () => {
    const { api } = await newCustomer();
    const reply = await api.put('LinkedIn first', emeaSaas({ name: 'LinkedIn first', sequence: [{ day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'Connect.' }] }));
    expect(reply.status).toBe(400);
    expect(reply.body.problems).toContainEqual({
      severity: 'blocks_enabling',
      path: '/sequence/0/channel',
      message: 'Step 1 sends on linkedin, which is not among this Autopilot\'s channels (it has email); add "linkedin" to "channels" or change the step',
    });
  });

  it('refuses a broken document with every problem in words, and stores nothing', async () => {
    const { api } = await newCustomer();
    const reply = await api.put('Broken', {
      ...emeaSaas({ name: 'Broken' }),
      filter: {
        match: 'all',
        rules: [
          { property: 'numberofemployees', operator: 'between', values: [500] },
          { property: 'country', operator: 'equals', values: ['Germany'] },
        ],
      },
      tone: 'friendly',
      chanels: ['email'],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_autopilot');
    expect(reply.body.problems).toEqual([
      {
        severity: 'error',
        path: '/chanels',
        message:
          '"chanels" is not a field of this document (did you mean "channels"?); the fields are name, enabled, fallback, filter, channels, tone, goal, lead_origin, threading, sequence, stop_conditions',
      },
      {
        severity: 'error',
        path: '/filter/rules/1/operator',
        message: 'Rule 2: "operator" must be one of is, is_not, contains, not_contains, gt, gte, lt, lte, between, is_known, is_unknown; got "equals"',
      },
      { severity: 'error', path: '/tone', message: '"tone" must be one of Friendly, Direct, Formal, Founder; got "friendly" (did you mean "Friendly"?)' },
      { severity: 'error', path: '/filter/rules/0/values', message: 'Rule 1 (numberofemployees between): "between" takes exactly two values, the lower and the upper bound (both included); it has 1' },
    ]);
    expect(namesOf((await api.list()).body)).toEqual([]);
  });

  it('refuses the reserved name "order" in any case', async () => {
    const { api } = await newCustomer();
    const reply = await api.put('Order', emeaSaas({ name: 'Order' }));
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_autopilot' } });
    expect(reply.body.problems).toContainEqual({ severity: 'error', path: '/name', message: '"Order" cannot name an Autopilot: PUT /autopilots/order reorders them, so the name is reserved' });
  });

  it('answers a request without a document, or with one that is not an object, in words', async () => {
    const { api } = await newCustomer();
    const empty = await api.request('PUT', '/autopilots/x', { raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty).toMatchObject({ status: 400, body: { error: 'invalid_autopilot', problems: [{ path: '', message: 'The request has no document: send the Autopilot as JSON' }] } });
    const none = await api.request('PUT', '/autopilots/x');
    expect(none).toMatchObject({ status: 400, body: { error: 'invalid_autopilot' } });
    for (const raw of ['null', '[]', '"EMEA"', '42']) {
      const reply = await api.request('PUT', '/autopilots/x', { raw, headers: { 'content-type': 'application/json' } });
      expect(reply, raw).toMatchObject({ status: 400, body: { error: 'invalid_autopilot', problems: [{ severity: 'error', path: '' }] } });
    }
    expect(await api.request('PUT', '/autopilots/x', { raw: '{"name":', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect(await api.request('PUT', '/autopilots/x', { raw: '{}', headers: { 'content-type': 'text/plain' } })).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
  });

  it("takes a long sequence above the research API's 16 KiB, and refuses a body above 64 KiB", async () => {
    const { api } = await newCustomer();
    const step = { day: 1, channel: 'email' as const, kind: 'email' as const, angle: 'a'.repeat(2000) };
    const long = emeaSaas({ name: 'Long', sequence: Array.from({ length: 20 }, () => step) });
    expect(JSON.stringify(long).length).toBeGreaterThan(16 * 1024);
    expect((await api.put('Long', long)).status).toBe(201);
    const huge = { ...long, lead_origin: 'x'.repeat(70_000) };
    expect(await api.put('Long', huge)).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });

  it('accepts an answer sent back as it came: the read-only fields are ignored', async () => {
    const { api } = await newCustomer();
    const created = await api.put('EMEA SaaS', emeaSaas());
    const back = await api.put('EMEA SaaS', { ...created.body, position: 99, revision: 42, problems: ['anything'] });
    expect(back).toMatchObject({ status: 200, body: { position: 1, revision: 1 } });
  });
});

describe('GET /autopilots and GET /autopilots/{name}', () => {
  it("lists the account's Autopilots top to bottom, and only its own", async () => {
    const { api } = await newCustomer();
    const { api: others } = await newCustomer();
    await api.put('First', emeaSaas({ name: 'First' }));
    await api.put('Second', emeaSaas({ name: 'Second' }));
    await others.put('Theirs', emeaSaas({ name: 'Theirs' }));
    const list = await api.list();
    expect(list.status).toBe(200);
    expect(isList(list.body)).toBe(true);
    expect(namesOf(list.body)).toEqual(['First', 'Second']);
    expect((list.body.autopilots as { position: number }[]).map((a) => a.position)).toEqual([1, 2]);
    expect(await api.get('Theirs')).toEqual(expect.objectContaining({ status: 404, body: { error: 'autopilot_not_found' } }));
  });

  it('answers 404 autopilot_not_found for a name no live Autopilot has, whatever it holds', async () => {
    const { api } = await newCustomer();
    for (const path of ['/autopilots/nobody', '/autopilots/%00', '/autopilots/%20%20', '/autopilots/%C2%85x']) {
      expect(await api.request('GET', path), path).toMatchObject({ status: 404, body: { error: 'autopilot_not_found' } });
    }
  });

  it('refuses an `archived` query that is not true or false', async () => {
    const { api } = await newCustomer();
    expect(await api.list('?archived=yes')).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
    expect(await api.list('?archived=true&archived=false')).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
  });

  it('needs an API key', async () => {
    const anonymous = client(fixture.engine.url);
    for (const [method, path] of [
      ['GET', '/autopilots'],
      ['GET', '/autopilots/x'],
      ['PUT', '/autopilots/x'],
      ['DELETE', '/autopilots/x'],
      ['PATCH', '/autopilots/x'],
      ['PUT', '/autopilots/order'],
      ['GET', '/autopilot/settings'],
      ['PATCH', '/autopilot/settings'],
    ] as const) {
      expect(await anonymous.request(method, path, method === 'GET' ? {} : { body: {} }), `${method} ${path}`).toMatchObject({ status: 401, body: { error: 'missing_api_key' } });
    }
  });
});

describe('DELETE /autopilots/{name}', () => {
  it('archives: switched off, out of the order, kept with its id, and its name free for a new Autopilot', async () => {
    const { api } = await newCustomer();
    const first = await api.put('First', emeaSaas({ name: 'First' }));
    await api.put('Second', emeaSaas({ name: 'Second' }));
    await api.put('Third', emeaSaas({ name: 'Third' }));
    const archived = await api.delete('first');
    expect(archived).toMatchObject({ status: 200, body: { id: first.body.id, name: 'First', enabled: false, enabled_at: null, position: null } });
    expect(archived.body.archived_at).toMatch(/\+00:00$/);
    const list = await api.list();
    expect(namesOf(list.body)).toEqual(['Second', 'Third']);
    expect((list.body.autopilots as { position: number }[]).map((a) => a.position)).toEqual([1, 2]);
    expect(namesOf((await api.list('?archived=true')).body)).toEqual(['Second', 'Third', 'First']);
    expect(await api.get('First')).toMatchObject({ status: 404, body: { error: 'autopilot_not_found' } });
    expect(await api.delete('First')).toMatchObject({ status: 404, body: { error: 'autopilot_not_found' } });
    const again = await api.put('First', emeaSaas({ name: 'First' }));
    expect(again).toMatchObject({ status: 201, body: { position: 3 } });
    expect(again.body.id).not.toBe(first.body.id);
  });
});

describe('PATCH /autopilots/{name}', () => {
  it('switches an Autopilot off and on without its document: the document and revision stay, enabled_at follows', async () => {
    const { api } = await newCustomer();
    const on = await api.put('EMEA SaaS', emeaSaas());
    const off = await api.switch('emea saas', { enabled: false });
    expect(off.status).toBe(200);
    expect(isView(off.body)).toBe(true);
    const { enabled: _on, enabled_at: _onAt, updated_at: _onUpdated, ...document } = on.body;
    expect(off.body).toMatchObject({ ...document, enabled: false, enabled_at: null });
    expect((await api.get('EMEA SaaS')).body).toMatchObject({ enabled: false, enabled_at: null, revision: 1 });
    // Asking for the state it is in changes nothing.
    expect((await api.switch('EMEA SaaS', { enabled: false })).body).toMatchObject({ enabled: false, updated_at: off.body.updated_at });
    const again = await api.switch('EMEA SaaS', { enabled: true });
    expect(again).toMatchObject({ status: 200, body: { ...document, enabled: true } });
    expect(Date.parse(again.body.enabled_at as string)).toBeGreaterThan(Date.parse(on.body.enabled_at as string));
  });

  it('refuses to switch on what a PUT could not switch on, with the same problems, and leaves it off', async () => {
    const { api } = await newCustomer();
    await api.put('Draft', { ...emeaSaas({ enabled: false, goal: { type: 'meetings' } }), name: 'Draft' });
    const viaPut = await api.put('Draft', { ...emeaSaas({ goal: { type: 'meetings' } }), name: 'Draft' });
    const viaPatch = await api.switch('Draft', { enabled: true });
    expect(viaPatch.status).toBe(400);
    expect(isError(viaPatch.body)).toBe(true);
    expect(viaPatch.body).toMatchObject({ error: 'invalid_autopilot' });
    expect(viaPatch.body.problems).toEqual((viaPut.body.problems as { severity: string }[]).filter((problem) => problem.severity !== 'warning'));
    expect(viaPatch.body.problems).toContainEqual({ severity: 'blocks_enabling', path: '/goal/calendar_link', message: 'The meetings goal needs "calendar_link", the link leads book a meeting with' });
    expect((await api.get('Draft')).body).toMatchObject({ enabled: false });
    // Switching off needs nothing ready.
    expect(await api.switch('Draft', { enabled: false })).toMatchObject({ status: 200, body: { enabled: false } });
  });

  it('answers 404 autopilot_not_found for a name no live Autopilot has, archived ones too', async () => {
    const { api } = await newCustomer();
    await api.put('Gone', emeaSaas({ name: 'Gone' }));
    await api.delete('Gone');
    for (const name of ['Nobody', 'Gone', '\u0000']) {
      expect(await api.switch(name, { enabled: false }), name).toMatchObject({ status: 404, body: { error: 'autopilot_not_found' } });
    }
  });

  it('refuses a body that is not {"enabled": true|false} in words, and changes nothing', async () => {
    const { api } = await newCustomer();
    await api.put('EMEA SaaS', emeaSaas());
    for (const [body, message] of [
      [undefined, 'The request has no body: send {"enabled": true} or {"enabled": false}'],
      [[true], 'Switching an Autopilot is sent as {"enabled": true} or {"enabled": false}'],
      ['on', 'Switching an Autopilot is sent as {"enabled": true} or {"enabled": false}'],
      [{}, 'enabled'],
      [{ enabled: 'false' }, 'enabled'],
      [{ enabled: null }, 'enabled'],
      [{ enabled: false, name: 'Other' }, 'name'],
    ] as const) {
      const reply = await api.switch('EMEA SaaS', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(isError(reply.body), JSON.stringify(reply.body)).toBe(true);
      expect(reply.body.error).toBe('invalid_autopilot');
      expect((reply.body.problems as { message: string }[]).map((problem) => problem.message).join('\n')).toContain(message);
    }
    expect((await api.get('EMEA SaaS')).body).toMatchObject({ enabled: true });
  });
});

describe('PUT /autopilots/order', () => {
  it('puts the named Autopilots on top in that order, names in any case, the rest below in their order', async () => {
    const { api } = await newCustomer();
    for (const name of ['A', 'B', 'C', 'D']) await api.put(name, emeaSaas({ name }));
    const reply = await api.order(['c', 'A']);
    expect(reply.status).toBe(200);
    expect(isList(reply.body)).toBe(true);
    expect(namesOf(reply.body)).toEqual(['C', 'A', 'B', 'D']);
    expect(namesOf((await api.order(['D', 'C', 'B', 'A'])).body)).toEqual(['D', 'C', 'B', 'A']);
    expect(namesOf((await api.list()).body)).toEqual(['D', 'C', 'B', 'A']);
  });

  it('refuses unknown and repeated names, naming each, and changes nothing', async () => {
    const { api } = await newCustomer();
    for (const name of ['A', 'B']) await api.put(name, emeaSaas({ name }));
    const reply = await api.order(['B', 'Nobody', 'b']);
    expect(reply).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          error: 'invalid_autopilot_order',
          problems: [
            { severity: 'error', path: '/names/1', message: 'Name 2: no Autopilot named "Nobody" in this account' },
            { severity: 'error', path: '/names/2', message: 'Name 3: "B" is listed twice' },
          ],
        },
      }),
    );
    expect(namesOf((await api.list()).body)).toEqual(['A', 'B']);
    for (const body of [{ names: [] }, { names: 'A' }, { order: ['A'] }, [], null]) {
      const refused = await api.request('PUT', '/autopilots/order', { body });
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'invalid_autopilot_order' } });
    }
  });
});

describe('catch-alls', () => {
  it('warn, on both sides, when a catch-all hides the Autopilots below it, and stop once it is at the bottom', async () => {
    const { api } = await newCustomer();
    await api.put('Everyone else', catchAll());
    await api.put('EMEA SaaS', emeaSaas());
    await api.put('Last look', emeaSaas({ name: 'Last look', fallback: true }));
    const list = (await api.list()).body.autopilots as { name: string; problems: { message: string }[] }[];
    const messages = (name: string) =>
      list
        .find((a) => a.name === name)!
        .problems.map((p) => p.message)
        .filter((m) => !m.startsWith('E-mail steps'));
    expect(messages('Everyone else')).toEqual([
      '"Everyone else" has no rules, so it matches every lead and "EMEA SaaS" below it and the fallback "Last look" are never reached; move it to the bottom (PUT /autopilots/order, or prospect-engine autopilots order)',
    ]);
    expect(messages('EMEA SaaS')).toEqual(['This Autopilot is never reached: "Everyone else" (position 1) has no rules and matches every lead first']);
    expect(messages('Last look')).toEqual(['This Autopilot is never reached: "Everyone else" (position 1) has no rules and matches every lead first']);

    // At the bottom it still leaves no lead waiting for the fallback.
    const moved = (await api.order(['EMEA SaaS', 'Last look'])).body.autopilots as { name: string; problems: { message: string }[] }[];
    expect(moved.find((a) => a.name === 'EMEA SaaS')!.problems.filter((p) => !p.message.startsWith('E-mail steps'))).toEqual([]);
    expect(moved.find((a) => a.name === 'Everyone else')!.problems.map((p) => p.message)).toContainEqual(expect.stringContaining('the fallback "Last look" is never reached'));

    // Switched off, a catch-all hides nothing yet, and says what it would hide.
    await api.put('Everyone else', catchAll('Everyone else', { enabled: false }));
    await api.order(['Everyone else']);
    const off = (await api.get('Everyone else')).body.problems as { message: string }[];
    expect(off.map((p) => p.message)).toContainEqual(
      '"Everyone else" has no rules: once switched on it matches every lead, and "EMEA SaaS", "Last look" will never be reached; move it to the bottom first',
    );
    expect(((await api.get('EMEA SaaS')).body.problems as { message: string }[]).filter((p) => !p.message.startsWith('E-mail steps'))).toEqual([]);
  });

  it('warn when applying an Autopilot below an enabled catch-all', async () => {
    const { api } = await newCustomer();
    await api.put('Everyone else', catchAll());
    const reply = await api.put('EMEA SaaS', emeaSaas());
    expect(reply.status).toBe(201);
    expect(reply.body.problems).toContainEqual({ severity: 'warning', path: '', message: 'This Autopilot is never reached: "Everyone else" (position 1) has no rules and matches every lead first' });
  });
});

describe('GET and PATCH /autopilot/settings', () => {
  let api: ReturnType<typeof autopilotApi>;
  let customer: Customer;
  beforeAll(async () => {
    ({ api, customer } = await newCustomer());
  });

  it("answers every setting at the spec's defaults for an account that set none", async () => {
    const reply = await api.settings();
    expect(reply.status).toBe(200);
    expect(isSettings(reply.body)).toBe(true);
    expect(reply.body).toEqual(SPEC_DEFAULT_SETTINGS);
  });

  it("changes only what a patch names, and the content language is the account's language", async () => {
    const reply = await api.patchSettings({ queue_wait_hours: 24, drop_behind_days: 14, skip_role_based: true, content_language: 'de' });
    expect(reply).toMatchObject({ status: 200, body: { queue_wait_hours: 24, drop_behind_days: 14, skip_role_based: true, skip_free_providers: false, research_once: true, content_language: 'de' } });
    expect((await client(fixture.engine.url, customer.key).account()).body.language).toBe('de');
    expect((await api.patchSettings({ drop_behind_days: null })).body).toMatchObject({ queue_wait_hours: 24, drop_behind_days: null });
    expect((await api.settings()).body).toMatchObject({ queue_wait_hours: 24, drop_behind_days: null, skip_role_based: true });
  });

  it('stores excluded domains in the form addresses are compared in', async () => {
    const reply = await api.patchSettings({ excluded_domains: ['Acme.com', '@competitor.io', '*.Bücher.example', 'acme.com.', 'acme.com'] });
    expect(reply.body.excluded_domains).toEqual(['acme.com', 'competitor.io', 'xn--bcher-kva.example']);
    const refused = await api.patchSettings({ excluded_domains: ['acme.com', 'https://acme.com/x', 'localhost'] });
    expect(refused.body).toEqual({
      error: 'invalid_autopilot_settings',
      problems: [
        { severity: 'error', path: '/excluded_domains/1', message: 'Excluded domain 2: "https://acme.com/x" is not a domain; write it as acme.com' },
        { severity: 'error', path: '/excluded_domains/2', message: 'Excluded domain 3: "localhost" is not a domain; write it as acme.com' },
      ],
    });
  });

  it('builds the sender identity from parts, refuses it incomplete, and is e-mail ready with a signature too', async () => {
    const partial = await api.patchSettings({ sender_identity: { name: 'Jane Doe' } });
    expect(partial).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_autopilot_settings',
        problems: [{ path: '/sender_identity', message: '"sender_identity" needs name, company and postal_address; company and postal_address are missing' }],
      },
    });
    const identity = await api.patchSettings({ sender_identity: { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1\n10115 Berlin' } });
    expect(identity.body).toMatchObject({ sender_identity: { name: 'Jane Doe', company: 'Ledgerly GmbH', postal_address: 'Hauptstr. 1\n10115 Berlin' }, email_ready: false });
    const renamed = await api.patchSettings({ sender_identity: { name: 'John Roe' }, email_signature: 'John Roe\r\nLedgerly' });
    expect(renamed.body).toMatchObject({ sender_identity: { name: 'John Roe', company: 'Ledgerly GmbH' }, email_signature: 'John Roe\nLedgerly', email_ready: true });
    await api.put('EMEA SaaS', emeaSaas());
    expect((await api.get('EMEA SaaS')).body.problems).toEqual([NO_MAILBOX]);
    expect((await api.patchSettings({ email_signature: null })).body.email_ready).toBe(false);
    expect((await api.get('EMEA SaaS')).body.problems).toEqual([EMAIL_NOT_READY, NO_MAILBOX]);
  });

  it("refuses values outside the spec's choices and unknown settings, and changes nothing", async () => {
    const before = (await api.settings()).body;
    const reply = await api.patchSettings({ queue_wait_hours: 3, drop_behind_days: 'off', research_once: 'yes', queue_wait: 6 });
    expect(reply.body).toEqual({
      error: 'invalid_autopilot_settings',
      problems: [
        {
          severity: 'error',
          path: '/queue_wait',
          message:
            '"queue_wait" is not a field of this document (did you mean "queue_wait_hours"?); the fields are queue_wait_hours, drop_behind_days, skip_role_based, skip_free_providers, excluded_domains, research_once, content_language, email_signature, sender_identity',
        },
        { severity: 'error', path: '/queue_wait_hours', message: '"queue_wait_hours" must be one of 2, 6, 12, 24, 48; got 3' },
        { severity: 'error', path: '/drop_behind_days', message: '"drop_behind_days" must be one of 7, 14, 30, 60 or null, not the text "off"' },
        { severity: 'error', path: '/research_once', message: '"research_once" must be true or false, not the text "yes"' },
      ],
    });
    expect((await api.settings()).body).toEqual(before);
    expect(await api.request('PATCH', '/autopilot/settings')).toMatchObject({ status: 400, body: { error: 'invalid_autopilot_settings' } });
  });
});
