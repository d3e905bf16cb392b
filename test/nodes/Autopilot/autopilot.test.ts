/**
 * The Autopilot node against the engine's Autopilot API (nock): the requests each operation makes, what
 * it outputs and pairs with which item, and its errors with and without "Continue On Fail".
 */
import nock from 'nock';
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProspectResearchAutopilot } from '../../../nodes/Autopilot/ProspectResearchAutopilot.node';
import { API_KEY, BASE_URL, createHarness, createTriggerHarness, type HarnessOptions } from '../harness';

async function run(options: Partial<HarnessOptions> & { parameters: HarnessOptions['parameters'] }) {
  const harness = createHarness({ ...options, parameters: { options: {}, ...options.parameters } });
  const output = await new ProspectResearchAutopilot().execute.call(harness.context);
  return { output: output[0] as INodeExecutionData[], requests: harness.requests };
}

const contactParameters = {
  resource: 'contact',
  operation: 'add',
  contactId: (i: number) => `c${i}`,
  email: (i: number) => ` person${i}@acme-logistik.de `,
  createdAt: '2030-01-07T09:00:00+01:00',
  properties: {
    property: [
      { name: 'country', value: 'Germany' },
      { name: ' ', value: 'ignored' },
    ],
  },
};

function contact(i: number): { id: string; created_at: string; properties: Record<string, string> } {
  return { id: `c${i}`, created_at: '2030-01-07T09:00:00+01:00', properties: { country: 'Germany', email: `person${i}@acme-logistik.de` } };
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

/** The engine's answer to a batch of these contacts: `status` of each by its index. */
function accepted(ids: number[], status: (i: number) => 'new' | 'known' = () => 'new') {
  const contacts = ids.map((i) => ({ id: `c${i}`, status: status(i), state: status(i) === 'new' ? 'received' : 'enrolled' }));
  const added = contacts.filter((entry) => entry.status === 'new').length;
  return { received: ids.length, new: added, known: ids.length - added, contacts };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('Add contacts', () => {
  it('sends the items as contacts, up to 100 a request, and outputs each as its contact, paired with it', async () => {
    const items = Array.from({ length: 150 }, () => ({}));
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .post('/autopilot/contacts', { contacts: range(0, 100).map(contact) })
      .reply(202, accepted(range(0, 100)))
      .post('/autopilot/contacts', { contacts: range(100, 50).map(contact) })
      .reply(
        202,
        accepted(range(100, 50), (i) => (i === 120 ? 'known' : 'new')),
      );
    const { output, requests } = await run({ items, parameters: contactParameters });
    expect(requests).toEqual(['POST /autopilot/contacts', 'POST /autopilot/contacts']);
    expect(output).toHaveLength(150);
    expect(output.map((item) => item.pairedItem)).toEqual(range(0, 150).map((item) => ({ item })));
    expect(output[0]!.json).toEqual({ contact_id: 'c0', contact_source: 'api', status: 'new', state: 'received' });
    // One sent before says where routing already put it.
    expect(output[120]!.json).toEqual({ contact_id: 'c120', contact_source: 'api', status: 'known', state: 'enrolled' });
  });

  it('sends one contact a request with Batch Size 1, and a date without an offset in UTC', async () => {
    nock(BASE_URL)
      .post('/autopilot/contacts', { contacts: [{ ...contact(0), created_at: new Date('2030-01-07T09:00:00').toISOString() }] })
      .reply(202, accepted([0]))
      .post('/autopilot/contacts', { contacts: [{ ...contact(1), created_at: new Date('2030-01-07T09:00:00').toISOString() }] })
      .reply(
        202,
        accepted([1], () => 'known'),
      );
    const { output } = await run({ items: [{}, {}], parameters: { ...contactParameters, createdAt: '2030-01-07T09:00:00', options: { batchSize: 1 } } });
    expect(output.map((item) => [item.json.status, item.pairedItem])).toEqual([
      ['new', { item: 0 }],
      ['known', { item: 1 }],
    ]);
  });

  it('an empty Created At is now', async () => {
    let sent: string | undefined;
    nock(BASE_URL)
      .post('/autopilot/contacts', (body: { contacts: Array<{ created_at: string }> }) => {
        sent = body.contacts[0]!.created_at;
        return true;
      })
      .reply(202, accepted([0]));
    const before = Date.now();
    await run({ parameters: { ...contactParameters, createdAt: '' } });
    expect(Date.parse(sent!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(sent!)).toBeLessThanOrEqual(Date.now());
  });

  it("a refused batch is an error item for each of its items, with the engine's problems; an item without an ID fails alone", async () => {
    nock(BASE_URL)
      .post('/autopilot/contacts', { contacts: [contact(0), contact(2)] })
      .reply(400, { error: 'invalid_contacts', problems: [{ pointer: '/contacts/1/properties/email', message: 'Contact 2: "email" is too long' }] });
    const { output } = await run({
      items: [{}, {}, {}],
      continueOnFail: true,
      parameters: { ...contactParameters, contactId: (i: number) => (i === 1 ? ' ' : `c${i}`) },
    });
    const refused = (contactId: string) =>
      expect.objectContaining({
        error: 'The engine refused the request (invalid_contacts)',
        code: 'invalid_contacts',
        httpStatus: 400,
        description: 'Contact 2: "email" is too long',
        contact_id: contactId,
      });
    expect(output).toEqual([
      { json: refused('c0'), pairedItem: { item: 0 } },
      { json: expect.objectContaining({ error: 'The Contact ID is empty' }), pairedItem: { item: 1 } },
      { json: refused('c2'), pairedItem: { item: 2 } },
    ]);
  });

  it('stops on a refused batch without Continue On Fail, and refuses a time that is not one before sending', async () => {
    nock(BASE_URL)
      .post('/autopilot/contacts')
      .reply(400, { error: 'invalid_contacts', problems: [{ message: 'Contact 1: "id" is too long' }] });
    await expect(run({ parameters: contactParameters })).rejects.toMatchObject({ message: 'The engine refused the request (invalid_contacts)', description: 'Contact 1: "id" is too long' });
    await expect(run({ parameters: { ...contactParameters, createdAt: 'yesterday' } })).rejects.toMatchObject({ message: expect.stringContaining('Created At is not a date') });
  });

  it('defaults Created At to empty, so a value dropped on it replaces the default', () => {
    const createdAt = new ProspectResearchAutopilot().description.properties.find((property) => property.name === 'createdAt');
    expect(createdAt).toMatchObject({ default: '' });
    expect(createdAt?.required).toBeFalsy();
  });
});

describe('the operations on one contact', () => {
  it('reports a property change, percent-encoding the CRM id', async () => {
    nock(BASE_URL)
      .post('/autopilot/contacts/a%2Fb/properties', { properties: { lifecyclestage: 'customer' } })
      .reply(202, { id: 'a/b', state: 'enrolled', rechecked: false });
    const { output } = await run({
      parameters: { resource: 'contact', operation: 'updateProperties', contactId: 'a/b', properties: { property: [{ name: 'lifecyclestage', value: 'customer' }] } },
    });
    expect(output).toEqual([{ json: { id: 'a/b', state: 'enrolled', rechecked: false }, pairedItem: { item: 0 } }]);
  });

  it('logs a connected call, a call decided by its disposition, a booked meeting and an email reply with its text and subject', async () => {
    const accepted = { contact_id: '501', type: 'call', lead_id: 1, effect: 'ended_lead', outcome: 'Responded', end_reason: 'call_connected', text: 'The lead ended' };
    nock(BASE_URL)
      .post('/autopilot/contacts/501/activities', { type: 'call', occurred_at: '2030-01-08T14:05:00+01:00', id: 'engagement-8812', connected: true })
      .reply(202, accepted)
      .post('/autopilot/contacts/501/activities', { type: 'call', occurred_at: '2030-01-08T14:05:00+01:00', disposition: 'Busy' })
      .reply(202, { ...accepted, effect: 'recorded' })
      .post('/autopilot/contacts/501/activities', { type: 'meeting', occurred_at: '2030-01-08T14:05:00+01:00' })
      .reply(202, { ...accepted, type: 'meeting' })
      .post('/autopilot/contacts/501/activities', { type: 'email_reply', occurred_at: '2030-01-08T14:05:00+01:00', text: 'Sounds good, call me.' })
      .reply(202, { ...accepted, type: 'email_reply' })
      .post('/autopilot/contacts/501/activities', { type: 'email_reply', occurred_at: '2030-01-08T14:05:00+01:00', subject: 'Automatic reply: Your pricing guide' })
      .reply(202, { ...accepted, type: 'email_reply', effect: 'auto_reply', outcome: 'Active', end_reason: null });
    const cases = [
      { activityType: 'call', callOutcome: 'connected', activityId: 'engagement-8812' },
      { activityType: 'call', callOutcome: 'disposition', disposition: 'Busy' },
      // A call's fields left over from an earlier choice are not sent with a meeting.
      { activityType: 'meeting', callOutcome: 'connected', text: 'not sent', subject: 'not sent' },
      { activityType: 'email_reply', text: 'Sounds good, call me.', subject: '  ' },
      { activityType: 'email_reply', subject: 'Automatic reply: Your pricing guide' },
    ];
    const outputs = [];
    for (const parameters of cases) {
      const { output } = await run({ parameters: { resource: 'contact', operation: 'logActivity', contactId: '501', occurredAt: '2030-01-08T14:05:00+01:00', ...parameters } });
      outputs.push(output[0]!.json.effect);
    }
    expect(outputs).toEqual(['ended_lead', 'recorded', 'ended_lead', 'ended_lead', 'auto_reply']);
  });

  it('gets the routing state and removes a contact; a contact never sent is contact_not_found, skipped under Continue On Fail', async () => {
    nock(BASE_URL)
      .get('/autopilot/contacts/501')
      .reply(200, { id: '501', state: 'enrolled', reason: 'matched', lead: { id: 41 } })
      .delete('/autopilot/contacts/501')
      .reply(200, { id: '501', state: 'enrolled', withdrawn: false, closed_lead: 41, text: 'closed' })
      .get('/autopilot/contacts/502')
      .reply(404, { error: 'contact_not_found' });
    const got = await run({ parameters: { resource: 'contact', operation: 'get', contactId: '501' } });
    expect(got.output[0]!.json).toMatchObject({ state: 'enrolled', lead: { id: 41 } });
    const removed = await run({ parameters: { resource: 'contact', operation: 'remove', contactId: '501' } });
    expect(removed.output[0]!.json).toMatchObject({ closed_lead: 41 });
    const missing = await run({ continueOnFail: true, parameters: { resource: 'contact', operation: 'get', contactId: '502' } });
    expect(missing.output).toEqual([
      { json: expect.objectContaining({ code: 'contact_not_found', httpStatus: 404, error: 'The Autopilot has no contact with this ID (contact_not_found)' }), pairedItem: { item: 0 } },
    ]);
  });
});

describe('contacts of a CRM app', () => {
  it("names the contact's source when it is not the API's (a HubSpot portal's, as the Autopilot Trigger's events carry it)", async () => {
    nock(BASE_URL)
      .get('/autopilot/contacts/501')
      .query({ source: 'hubspot:12345' })
      .reply(200, { id: '501', source: 'hubspot:12345', state: 'enrolled' })
      .post('/autopilot/contacts/501/activities', { type: 'meeting', occurred_at: '2030-01-08T14:05:00+01:00' })
      .query({ source: 'hubspot:12345' })
      .reply(202, { effect: 'ended_lead' });
    const got = await run({ parameters: { resource: 'contact', operation: 'get', contactId: '501', contactSource: 'hubspot:12345' } });
    expect(got.output[0]!.json).toMatchObject({ source: 'hubspot:12345' });
    const logged = await run({
      parameters: { resource: 'contact', operation: 'logActivity', contactId: '501', contactSource: ' hubspot:12345 ', activityType: 'meeting', occurredAt: '2030-01-08T14:05:00+01:00' },
    });
    expect(logged.output[0]!.json).toMatchObject({ effect: 'ended_lead' });
  });
});

describe('leads and Autopilots', () => {
  it("gets a lead with its timeline and closes one, by the input item's lead_id", async () => {
    const lead = { id: 41, outcome: 'Active', timeline: [{ type: 'enrolled', at: '2030-01-07T09:00:00.000+00:00' }] };
    nock(BASE_URL)
      .get('/autopilot/leads/41')
      .reply(200, lead)
      .post('/autopilot/leads/41/close')
      .reply(200, { closed: true, text: 'closed', lead: { ...lead, outcome: 'Closed' } });
    const got = await run({ parameters: { resource: 'lead', operation: 'get', leadId: '41' } });
    expect(got.output).toEqual([{ json: lead, pairedItem: { item: 0 } }]);
    const closed = await run({ parameters: { resource: 'lead', operation: 'close', leadId: 41 } });
    expect(closed.output[0]!.json).toMatchObject({ closed: true, lead: { outcome: 'Closed' } });
  });

  it('lists the Autopilots as one item each, archived ones when asked', async () => {
    nock(BASE_URL)
      .get('/autopilots')
      .reply(200, { autopilots: [{ name: 'EMEA SaaS' }, { name: 'Everyone else' }] })
      .get('/autopilots')
      .query({ archived: 'true' })
      .reply(200, { autopilots: [{ name: 'EMEA SaaS' }, { name: 'Old', archived_at: '2030-01-01T00:00:00.000+00:00' }] });
    const live = await run({ parameters: { resource: 'autopilot', operation: 'getAll', includeArchived: false } });
    expect(live.output).toEqual([
      { json: { name: 'EMEA SaaS' }, pairedItem: { item: 0 } },
      { json: { name: 'Everyone else' }, pairedItem: { item: 0 } },
    ]);
    const all = await run({ parameters: { resource: 'autopilot', operation: 'getAll', includeArchived: true } });
    expect(all.output.map((item) => item.json.name)).toEqual(['EMEA SaaS', 'Old']);
  });
});

describe('Get Many: Return All and Limit', () => {
  const lead = (id: number) => ({ id, contact_id: `c${id}`, outcome: 'Active' });

  it('lists leads with the filters and sort asked for, up to Limit in one request', async () => {
    nock(BASE_URL)
      .get('/autopilot/leads')
      .query({ autopilot: 'EMEA SaaS', outcome: 'Responded', email: 'jane', enrolled_from: '2030-01-07T09:00:00.000Z', sort: 'oldest', limit: '3' })
      .reply(200, { leads: [lead(1), lead(2), lead(3)], next_before: null, next_cursor: 'after-3' });
    const { output, requests } = await run({
      parameters: {
        resource: 'lead',
        operation: 'getAll',
        returnAll: false,
        limit: 3,
        sort: 'oldest',
        filters: { autopilot: ' EMEA SaaS ', outcome: 'Responded', email: 'jane', enrolledFrom: '2030-01-07T09:00:00' },
      },
    });
    // A next page exists, but Limit is reached: it is not read.
    expect(requests).toHaveLength(1);
    expect(output).toEqual([1, 2, 3].map((id) => ({ json: lead(id), pairedItem: { item: 0 } })));
  });

  it('follows the cursors to the last page with Return All, the same filters on every page', async () => {
    nock(BASE_URL)
      .get('/autopilot/leads')
      .query({ outcome: 'Active', sort: 'newest', limit: '1000' })
      .reply(200, { leads: [lead(9), lead(8)], next_before: 8, next_cursor: 'page-2' })
      .get('/autopilot/leads')
      .query({ outcome: 'Active', sort: 'newest', limit: '1000', cursor: 'page-2' })
      .reply(200, { leads: [lead(7)], next_before: 7, next_cursor: 'page-3' })
      .get('/autopilot/leads')
      .query({ outcome: 'Active', sort: 'newest', limit: '1000', cursor: 'page-3' })
      .reply(200, { leads: [lead(6)], next_before: null, next_cursor: null });
    const { output, requests } = await run({ parameters: { resource: 'lead', operation: 'getAll', returnAll: true, filters: { outcome: 'Active' } } });
    expect(requests).toHaveLength(3);
    expect(output.map((item) => item.json.id)).toEqual([9, 8, 7, 6]);
  });

  it('lists contacts a page of 200 at a time until Limit, following next_before; each input item lists its own', async () => {
    const contacts = (from: number, count: number) => range(from, count).map((i) => ({ id: `c${i}`, state: 'waiting' }));
    nock(BASE_URL)
      .get('/autopilot/contacts')
      .query({ state: 'waiting', search: 'acme', limit: '200' })
      .reply(200, { contacts: contacts(0, 200), next_before: 'b200' })
      .get('/autopilot/contacts')
      .query({ state: 'waiting', search: 'acme', limit: '50', before: 'b200' })
      .reply(200, { contacts: contacts(200, 50), next_before: 'b250' })
      .get('/autopilot/contacts')
      .query({ limit: '2' })
      .reply(200, { contacts: contacts(0, 2), next_before: null });
    const { output, requests } = await run({
      items: [{}, {}],
      parameters: {
        resource: 'contact',
        operation: 'getAll',
        returnAll: false,
        limit: (i: number) => (i === 0 ? 250 : 2),
        filters: (i: number) => (i === 0 ? { state: 'waiting', search: ' acme ' } : {}),
      },
    });
    expect(requests).toHaveLength(3);
    expect(output).toHaveLength(252);
    expect(output[249]).toEqual({ json: { id: 'c249', state: 'waiting' }, pairedItem: { item: 0 } });
    expect(output[251]).toEqual({ json: { id: 'c1', state: 'waiting' }, pairedItem: { item: 1 } });
  });

  it('stops at the last page with Return All even when the engine gives fewer than Limit, and refuses a time that is not one', async () => {
    nock(BASE_URL)
      .get('/autopilot/contacts')
      .query({ limit: '200' })
      .reply(200, { contacts: [{ id: 'only' }], next_before: null });
    const all = await run({ parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: {} } });
    expect(all.output.map((item) => item.json.id)).toEqual(['only']);
    const bad = await run({ continueOnFail: true, parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: { receivedFrom: 'yesterday-ish' } } });
    expect(bad.requests).toEqual([]);
    expect(bad.output[0]!.json.error).toMatch(/Received After is not a date and time: "yesterday-ish"/);
  });

  it('returns the Autopilots up to Limit, or all of them with Return All', async () => {
    const autopilots = { autopilots: [{ name: 'EMEA SaaS' }, { name: 'Germany' }, { name: 'Everyone else' }] };
    nock(BASE_URL).get('/autopilots').times(2).reply(200, autopilots);
    const two = await run({ parameters: { resource: 'autopilot', operation: 'getAll', includeArchived: false, returnAll: false, limit: 2 } });
    expect(two.output.map((item) => item.json.name)).toEqual(['EMEA SaaS', 'Germany']);
    const all = await run({ parameters: { resource: 'autopilot', operation: 'getAll', includeArchived: false, returnAll: true } });
    expect(all.output.map((item) => item.json.name)).toEqual(['EMEA SaaS', 'Germany', 'Everyone else']);
  });
});

describe('properties from the engine and from the input', () => {
  it('lists in the Properties dropdown the properties the Autopilots read first, saying who reads them, then those seen on contacts', async () => {
    nock(BASE_URL)
      .get('/autopilot/filter-properties')
      .reply(200, {
        properties_used: [
          { property: 'country', autopilots: ['EMEA SaaS', 'Germany'], used_in: ['filter'] },
          { property: 'lifecyclestage', autopilots: ['EMEA SaaS'], used_in: ['filter', 'stop_condition'] },
        ],
      })
      .get('/autopilot/properties')
      .reply(200, {
        contacts_checked: 120,
        properties_seen: [
          { property: 'Country', contacts: 118, examples: ['Germany', 'France'] },
          { property: 'jobtitle', contacts: 40, examples: [] },
        ],
      });
    const { loadOptions } = createTriggerHarness({});
    const options = await new ProspectResearchAutopilot().methods.loadOptions.getContactProperties.call(loadOptions);
    expect(options).toEqual([
      { name: 'country', value: 'country', description: 'Read by EMEA SaaS and Germany (filter)' },
      { name: 'lifecyclestage', value: 'lifecyclestage', description: 'Read by EMEA SaaS (filter, stop condition)' },
      { name: 'jobtitle', value: 'jobtitle', description: 'On 40 of the last 120 contacts' },
    ]);
  });

  it("offers the Properties' names from that list, and still takes a name typed as an expression", async () => {
    const description = new ProspectResearchAutopilot().description;
    for (const operation of ['add', 'updateProperties']) {
      const list = description.properties.find((property) => property.name === 'properties' && property.displayOptions?.show?.operation?.includes(operation));
      const name = (list?.options?.[0] as { values: Array<{ name: string; type: string; typeOptions?: object }> }).values.find((value) => value.name === 'name');
      expect(name).toMatchObject({ type: 'options', typeOptions: { loadOptionsMethod: 'getContactProperties' } });
    }
    // An expression's value reaches the node as text, whether the dropdown lists it or not.
    nock(BASE_URL)
      .post('/autopilot/contacts/501/properties', { properties: { custom_score: '7' } })
      .reply(202, { id: '501', state: 'waiting', rechecked: true });
    const { output } = await run({ parameters: { resource: 'contact', operation: 'updateProperties', contactId: '501', properties: { property: [{ name: 'custom_score', value: '7' }] } } });
    expect(output[0]!.json).toMatchObject({ rechecked: true });
  });

  it('sends all input fields as properties when asked, objects left out, the Properties list and Email over them', async () => {
    const items = [{ country: 'France', numberofemployees: 120, tags: ['a', 'b'], owner: { id: 7 }, hs_lead_status: null, email: 'old@acme.fr', 'bad\nname': 'x' }, { country: 'Spain' }];
    nock(BASE_URL)
      .post('/autopilot/contacts', {
        contacts: [
          { id: 'c0', created_at: '2030-01-07T09:00:00+01:00', properties: { country: 'Germany', numberofemployees: 120, tags: ['a', 'b'], hs_lead_status: null, email: 'person0@acme-logistik.de' } },
          { id: 'c1', created_at: '2030-01-07T09:00:00+01:00', properties: { country: 'Germany', email: 'person1@acme-logistik.de' } },
        ],
      })
      .reply(202, accepted([0, 1]));
    const added = await run({ items, parameters: { ...contactParameters, sendInputFields: true } });
    expect(added.output.map((item) => item.json.status)).toEqual(['new', 'new']);

    nock(BASE_URL)
      .post('/autopilot/contacts/501/properties', { properties: { country: 'Spain' } })
      .reply(202, { id: '501', state: 'waiting', rechecked: true });
    const reported = await run({ items: [{ country: 'Spain' }], parameters: { resource: 'contact', operation: 'updateProperties', contactId: '501', sendInputFields: true, properties: {} } });
    expect(reported.output[0]!.json).toMatchObject({ rechecked: true });
  });

  it('sends no input field unless asked', async () => {
    nock(BASE_URL)
      .post('/autopilot/contacts', { contacts: [contact(0)] })
      .reply(202, accepted([0]));
    const { output } = await run({ items: [{ country: 'France', jobtitle: 'CFO' }], parameters: contactParameters });
    expect(output[0]!.json.status).toBe('new');
    await expect(run({ items: [{ country: 'Spain' }], parameters: { resource: 'contact', operation: 'updateProperties', contactId: '501', properties: {} } })).rejects.toThrow('No property to report');
  });
});
