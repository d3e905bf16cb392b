import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { filterPropertiesSchema, leadListSchema, previewSchema, propertiesSeenSchema } from '../../src/autopilot/contract.ts';
import { useRoutingEngine } from './routingSupport.ts';
import { catchAll, emeaSaas } from './support.ts';

/** GET /autopilot/leads and POST /autopilots/{name}/preview as a CRM admin uses them. */
const { clock, newCustomer } = useRoutingEngine();

const ajv = new Ajv({ strict: true });
const isLeadList = ajv.compile(leadListSchema);
const isPreview = ajv.compile(previewSchema);
const isPropertiesSeen = ajv.compile(propertiesSeenSchema);
const isFilterProperties = ajv.compile(filterPropertiesSchema);

const GERMANY = { match: 'all' as const, rules: [{ property: 'country', operator: 'is' as const, values: ['Germany'] }] };

describe('GET /autopilot/leads', () => {
  it('lists leads newest first, by Autopilot and outcome, a page at a time', async () => {
    const { api, crm, contact, routed } = await newCustomer();
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: GERMANY }));
    await api.put('Everyone else', catchAll());
    clock.advance({ minutes: 1 });
    await crm.send([
      contact('g1', { email: 'g1@acme.de', country: 'Germany' }, 5),
      contact('g2', { email: 'g2@acme.de', country: 'Germany' }, 4),
      contact('o1', { email: 'o1@acme.de', country: 'Spain' }, 3),
    ]);
    for (const id of ['g1', 'g2', 'o1']) await routed(id);

    const all = await crm.leads();
    expect(all.status).toBe(200);
    expect(isLeadList(all.body), JSON.stringify(isLeadList.errors)).toBe(true);
    const leads = all.body.leads as { contact_id: string; autopilot: string; outcome: string; id: number }[];
    expect(leads.map((lead) => lead.contact_id).sort()).toEqual(['g1', 'g2', 'o1']);
    expect(leads.map((lead) => lead.id)).toEqual([...leads.map((lead) => lead.id)].sort((a, b) => b - a));
    expect(all.body.next_before).toBeNull();

    const german = await crm.leads('?autopilot=germany&outcome=active');
    expect((german.body.leads as { contact_id: string }[]).map((lead) => lead.contact_id).sort()).toEqual(['g1', 'g2']);
    expect((await crm.leads('?outcome=Closed')).body).toEqual({ leads: [], next_before: null, next_cursor: null });

    const page = await crm.leads('?limit=2');
    expect(page.body.leads).toHaveLength(2);
    const rest = await crm.leads(`?limit=2&before=${page.body.next_before}`);
    expect([...(page.body.leads as { id: number }[]), ...(rest.body.leads as { id: number }[])].map((lead) => lead.id)).toEqual(leads.map((lead) => lead.id));
    expect(rest.body.next_before).toBeNull();
  });

  it.each([
    ['?outcome=Won', 400, 'invalid_query'],
    ['?limit=0', 400, 'invalid_query'],
    ['?limit=1001', 400, 'invalid_query'],
    ['?before=-1', 400, 'invalid_query'],
    ['?outcome=Active&outcome=Closed', 400, 'invalid_query'],
    ['?autopilot=Nobody', 404, 'autopilot_not_found'],
  ])('refuses %s', async (query, status, error) => {
    const { crm } = await newCustomer();
    expect(await crm.leads(query)).toMatchObject({ status, body: { error } });
  });
});

describe('POST /autopilots/{name}/preview', () => {
  it('says, before it is switched on, who a draft would match, who it would take from the Autopilots below it, and who would still wait', async () => {
    const { api, crm, contact, routed, accountId } = await newCustomer();
    await api.patchSettings({ skip_free_providers: true });
    await api.put('Big', emeaSaas({ name: 'Big', filter: { rules: [{ property: 'numberofemployees', operator: 'gte', values: [500] }] } }));
    await api.put('Everyone else', catchAll('Everyone else', { fallback: true }));
    clock.advance({ minutes: 1 });
    await crm.send([
      contact('de-big', { email: 'a@acme.de', country: 'Germany', numberofemployees: '900' }),
      contact('de-small', { email: 'b@acme.de', country: 'Germany', numberofemployees: '20' }),
      contact('fr-small', { email: 'c@acme.fr', country: 'France', numberofemployees: '20' }),
      contact('de-free', { email: 'd@gmail.com', country: 'Germany', numberofemployees: '20' }),
    ]);
    for (const id of ['de-big', 'de-small', 'fr-small', 'de-free']) await routed(id);

    // A draft "Germany" at the top: it takes de-big from "Big", de-small from the waiting queue (the fallback would have had it).
    const reply = await crm.preview('Germany', emeaSaas({ name: 'Germany', enabled: false, filter: GERMANY }), '?position=1');
    expect(reply.status).toBe(200);
    expect(isPreview(reply.body), JSON.stringify(isPreview.errors)).toBe(true);
    expect(reply.body).toMatchObject({
      autopilot: 'Germany',
      position: 1,
      fallback: false,
      contacts_checked: 4,
      would_match: 2,
      would_enrol: 2,
      taken_from: [
        { autopilot: 'Big', contacts: 1 },
        { autopilot: 'Everyone else', contacts: 1 },
      ],
      from_waiting: 0,
      still_waiting: 0,
      skipped: 1,
    });
    const byId = Object.fromEntries((reply.body.contacts as { id: string }[]).map((row) => [row.id, row]));
    expect(byId['de-big']).toMatchObject({ matches: true, today: { state: 'enrolled', autopilot: 'Big' }, with_draft: { state: 'enrolled', autopilot: 'Germany' } });
    expect(byId['fr-small']).toMatchObject({ matches: false, today: { autopilot: 'Everyone else', reason: 'fallback' }, with_draft: { autopilot: 'Everyone else' } });
    expect((byId['fr-small'] as unknown as { rules: { text: string }[] }).rules[0]!.text).toBe('country is Germany: no, the contact says France');
    expect(byId['de-free']).toMatchObject({ matches: false, today: { state: 'skipped', reason: 'free_mailbox_provider' } });

    // At the bottom (a new Autopilot's place) it takes nothing from "Big", only what would otherwise wait.
    const bottom = await crm.preview('Germany', { ...emeaSaas({ name: 'Germany', filter: GERMANY }), name: undefined });
    expect(bottom.body).toMatchObject({ position: 3, would_match: 2, would_enrol: 1, taken_from: [{ autopilot: 'Everyone else', contacts: 1 }] });

    // Nothing is stored.
    expect((await api.list()).body.autopilots).toHaveLength(2);
    expect(accountId).toBeGreaterThan(0);
  });

  it('refuses a broken draft with its problems, a name that differs from the address, and bad query values', async () => {
    const { crm } = await newCustomer();
    const broken = await crm.preview('Draft', { filter: { rules: [{ property: 'n', operator: 'between', values: [1] }] }, channels: [], tone: 'Friendly', goal: { type: 'engage' }, sequence: [] });
    expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_autopilot' } });
    expect(broken.body.problems).toContainEqual(expect.objectContaining({ severity: 'error', path: '/filter/rules/0/values' }));
    expect(await crm.preview('Draft', emeaSaas({ name: 'Other' }))).toMatchObject({ status: 400, body: { error: 'invalid_autopilot', problems: [{ path: '/name' }] } });
    expect(await crm.preview('Draft', emeaSaas({ name: 'Draft' }), '?contacts=0')).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
    expect(await crm.preview('Draft', emeaSaas({ name: 'Draft' }), '?contacts=1001')).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
    // A draft that could not be switched on yet can still be previewed.
    expect(await crm.preview('Draft', emeaSaas({ name: 'Draft', sequence: [] }))).toMatchObject({ status: 200, body: { contacts_checked: 0 } });
  });

  it("answers the draft's problems as PUT answers them, those about the rest of the account included", async () => {
    const { api, crm } = await newCustomer();
    await api.put('Everyone else', catchAll('Everyone else', { enabled: false }));
    // Off, not e-mail ready, a meetings goal without its link, a later e-mail's subject angle: what blocks enabling and warnings.
    const draft = emeaSaas({
      name: 'Draft',
      enabled: false,
      goal: { type: 'meetings' },
      sequence: [
        { day: 1, channel: 'email', kind: 'email', angle: 'First.' },
        { day: 3, channel: 'email', kind: 'email', angle: 'Second.', subject_angle: 'Unused' },
      ],
    });
    const preview = await crm.preview('Draft', draft);
    expect(preview.status).toBe(200);
    expect(isPreview(preview.body), JSON.stringify(isPreview.errors)).toBe(true);
    const problems = preview.body.problems as { severity: string; path: string }[];
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'blocks_enabling', path: '/goal/calendar_link' }));
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: '/sequence/1/subject_angle' }));
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: '/sequence/0', message: expect.stringContaining('signature') }));
    const saved = await api.put('Draft', draft);
    expect(saved.status).toBe(201);
    expect(preview.body.problems).toEqual(saved.body.problems);

    // A catch-all draft above another Autopilot says what it would hide, as PUT does once it is there.
    const hiding = catchAll('Everyone else', { enabled: false });
    const above = await crm.preview('Everyone else', hiding);
    expect(above.body.problems).toEqual((await api.get('Everyone else')).body.problems);
    expect(above.body.problems).toContainEqual(expect.objectContaining({ severity: 'warning', path: '/filter', message: expect.stringContaining('"Draft" will never be reached') }));
    // Fixed as the admin types: the problem is gone from the next preview.
    const fixed = await crm.preview('Draft', { ...draft, goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' } });
    expect((fixed.body.problems as { path: string }[]).map((problem) => problem.path)).not.toContain('/goal/calendar_link');
  });
});

describe('GET /autopilot/properties', () => {
  it('lists the properties recent contacts hold, the most common first, with how many hold each and a few values', async () => {
    const { crm, contact, routed } = await newCustomer();
    const empty = await crm.request('GET', '/autopilot/properties');
    expect(empty).toMatchObject({ status: 200, body: { contacts_checked: 0, properties_seen: [] } });

    const long = `${'Head of '.repeat(20)}\nSales`;
    await crm.send([
      contact('1', { email: 'a@acme.de', country: 'Germany', numberofemployees: '120', jobtitle: long, interests: ['pricing', 'api'] }),
      contact('2', { email: 'b@acme.de', country: 'Germany', numberofemployees: 450, phone: '' }),
      contact('3', { email: 'c@acme.fr', country: 'France', numberofemployees: null, hs_lead_status: true }),
      contact('4', { email: 'd@acme.pl', country: 'Poland' }),
      contact('5', { email: 'e@acme.es', country: 'Spain' }),
      contact('gone', { email: 'gone@acme.it', country: 'Italy', secret_note: 'erase me' }),
    ]);
    for (const id of ['1', '2', '3', '4', '5', 'gone']) await routed(id);
    expect((await crm.request('DELETE', '/autopilot/contacts/gone?erase=true')).status).toBe(200);

    const answer = await crm.request('GET', '/autopilot/properties');
    expect(answer.status).toBe(200);
    expect(isPropertiesSeen(answer.body), JSON.stringify(isPropertiesSeen.errors)).toBe(true);
    expect(answer.body.contacts_checked).toBe(5);
    const properties = answer.body.properties_seen as { property: string; contacts: number; examples: string[] }[];
    // Most common first, then by name; blank and null values are not held; the erased contact left no trace.
    expect(properties.map(({ property, contacts }) => [property, contacts])).toEqual([
      ['country', 5],
      ['email', 5],
      ['numberofemployees', 2],
      ['hs_lead_status', 1],
      ['interests', 1],
      ['jobtitle', 1],
    ]);
    const of = (name: string) => properties.find((property) => property.property === name)!;
    expect(of('country').examples).toEqual(['Germany', 'France', 'Poland']);
    expect(of('numberofemployees').examples).toEqual(['120', '450']);
    expect(of('interests').examples).toEqual(['pricing;api']);
    expect(of('hs_lead_status').examples).toEqual(['true']);
    // One line, cut to 80 characters.
    expect(of('jobtitle').examples[0]).toHaveLength(80);
    expect(of('jobtitle').examples[0]).not.toContain('\n');
    expect(JSON.stringify(answer.body)).not.toContain('erase me');
  });
});

describe('GET /autopilot/filter-properties', () => {
  it("lists the properties the live Autopilots' filters and stop conditions read, once each whatever its case, with who reads them", async () => {
    const { api, crm } = await newCustomer();
    expect(await crm.request('GET', '/autopilot/filter-properties')).toMatchObject({ status: 200, body: { properties_used: [] } });

    await api.put('EMEA SaaS', emeaSaas());
    await api.put('Germany', emeaSaas({ name: 'Germany', filter: { match: 'all', rules: [{ property: 'Country', operator: 'is', values: ['Germany'] }] } }));
    await api.put('Gone', emeaSaas({ name: 'Gone', filter: { match: 'all', rules: [{ property: 'retired_property', operator: 'is_known', values: [] }] } }));
    await api.put('Everyone else', catchAll('Everyone else', { stop_conditions: { ...emeaSaas().stop_conditions, property_changes: [{ property: 'hs_lead_status', value: null }] } }));
    expect((await api.delete('Gone')).status).toBe(200);

    const answer = await crm.request('GET', '/autopilot/filter-properties');
    expect(answer.status).toBe(200);
    expect(isFilterProperties(answer.body), JSON.stringify(isFilterProperties.errors)).toBe(true);
    // Top to bottom, rules before stop conditions; `Country` is `country`; an archived Autopilot reads nothing.
    expect(answer.body.properties_used).toEqual([
      { property: 'country', autopilots: ['EMEA SaaS', 'Germany'], used_in: ['filter'] },
      { property: 'numberofemployees', autopilots: ['EMEA SaaS'], used_in: ['filter'] },
      { property: 'lifecyclestage', autopilots: ['EMEA SaaS', 'Germany'], used_in: ['stop_condition'] },
      { property: 'hs_lead_status', autopilots: ['Everyone else'], used_in: ['stop_condition'] },
    ]);
  });
});
