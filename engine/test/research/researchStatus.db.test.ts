import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, type Customer, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { fails, hangs, ScriptedPipeline } from '../support/pipelines.ts';
import { fieldsOf, routed } from './support.ts';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

describe('GET /research-status/{id} without a worker', () => {
  let database: TestDatabase;
  let engine: TestEngine;
  let customer: Customer;

  beforeAll(async () => {
    database = await newTestDatabase();
    engine = await startTestEngine({ database, worker: false });
    customer = await createCustomer(engine.pool, { plan: 'bdr' });
  });

  afterAll(async () => {
    await engine.stop();
    await database.drop();
  });

  it('answers a job no worker has picked up as queued, with research_id and status only', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({ email: 'queued@example.com' });
    const reply = await api.status(String(body.research_id));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ research_id: body.research_id, status: 'queued' });
  });

  it('answers 404 not_found for an unknown research_id and for one that is not a uuid', async () => {
    const api = client(engine.url, customer.key);
    for (const id of [randomUUID(), 'not-a-uuid', '12345', `${randomUUID()}x`]) {
      expect(await api.status(id), id).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
  });

  it("answers 404 not_found for another account's research_id, and the owner still sees it", async () => {
    const owner = await createCustomer(engine.pool, { plan: 'bdr', name: 'Owner' });
    const stranger = await createCustomer(engine.pool, { plan: 'bdr', name: 'Stranger' });
    const { body } = await client(engine.url, owner.key).research({ email: 'secret@example.com' });
    const researchId = String(body.research_id);
    const reply = await client(engine.url, stranger.key).status(researchId);
    expect(reply).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(fieldsOf(reply.body)).toEqual(['error']);
    expect((await client(engine.url, owner.key).status(researchId)).status).toBe(200);
  });

  it('answers 401 missing_api_key without an Authorization header and invalid_key for an unknown key', async () => {
    const { body } = await client(engine.url, customer.key).research({ email: 'auth@example.com' });
    const researchId = String(body.research_id);
    expect(await client(engine.url).status(researchId)).toMatchObject({ status: 401, body: { error: 'missing_api_key' } });
    expect(await client(engine.url, `pr_live_${'Z'.repeat(42)}`).status(researchId)).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
    expect(await client(engine.url, 'not-a-key').status(randomUUID())).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
  });

  it('costs no credit to poll', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({ email: 'poll@example.com' });
    const before = await creditState(engine.pool, customer.account.id);
    for (let i = 0; i < 5; i++) await api.status(String(body.research_id));
    expect(await creditState(engine.pool, customer.account.id)).toEqual(before);
  });
});

describe('GET /research-status/{id} with a worker', () => {
  let database: TestDatabase;
  let engine: TestEngine;
  let customer: Customer;

  beforeAll(async () => {
    database = await newTestDatabase();
    // The default behaviour is the engine's own sourceless pipeline.
    engine = await startTestEngine({ database, pipeline: new ScriptedPipeline(routed({ hang: hangs, fail: fails })) });
    customer = await createCustomer(engine.pool, { plan: 'bdr' });
  });

  afterAll(async () => {
    await engine.stop();
    await database.drop();
  });

  it('answers a running job as processing with an integer estimated_seconds of at least 1', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({ email: 'hang-status@example.com' });
    const reply = await api.waitFor(String(body.research_id), (r) => r.body.status !== 'queued');
    expect(reply.status).toBe(200);
    expect(fieldsOf(reply.body)).toEqual(['estimated_seconds', 'research_id', 'status']);
    expect(reply.body).toMatchObject({ research_id: body.research_id, status: 'processing' });
    expect(Number.isInteger(reply.body.estimated_seconds)).toBe(true);
    expect(reply.body.estimated_seconds as number).toBeGreaterThanOrEqual(1);
  });

  it('answers a finished job as completed with completed_at (ISO 8601, +00:00), cached, empty_reason and the honest sourceless brief', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({
      email: 'Jane.Doe@Example.com',
      prospect_name: 'Jane Doe',
      company_name: 'Example Inc',
    });
    const reply = await api.waitFor(String(body.research_id));
    expect(reply.status).toBe(200);
    expect(fieldsOf(reply.body)).toEqual(['cached', 'completed_at', 'data', 'empty_reason', 'provenance', 'research_id', 'status']);
    // This engine's pipeline has no source: the brief holds only what the request said, and says why;
    // its provenance credits the fields it holds to the request.
    expect(reply.body).toMatchObject({ research_id: body.research_id, status: 'completed', cached: false, empty_reason: 'no_sources_configured' });
    expect(reply.body.provenance).toEqual({
      degraded: false,
      fields: {
        '/prospect/name': [{ source: 'request', fetched_at: null }],
        '/prospect/company': [{ source: 'request', fetched_at: null }],
        '/prospect/email': [{ source: 'request', fetched_at: null }],
        '/company/name': [{ source: 'request', fetched_at: null }],
      },
      sources: [],
      decision_makers: 'not_configured',
    });
    expect(reply.body.completed_at).toMatch(ISO_WITH_OFFSET);
    const { rows } = await engine.pool.query<{ finished_at: Date }>('SELECT finished_at FROM research_jobs WHERE id = $1', [body.research_id]);
    expect(Date.parse(String(reply.body.completed_at))).toBe(rows[0]!.finished_at.getTime());

    expect(researchDataErrors(reply.body.data)).toBeUndefined();
    const data = reply.body.data as { prospect: { id: number }; company: { id: number } };
    expect(data).toEqual({
      prospect: {
        id: expect.any(Number),
        name: 'Jane Doe',
        title: null,
        company: 'Example Inc',
        email: 'jane.doe@example.com',
        linkedin_url: null,
        photo: null,
        last_role_start: null,
        summary: null,
        opening_talk: null,
        posts: null,
      },
      company: {
        id: expect.any(Number),
        name: 'Example Inc',
        description: null,
        linkedin_url: null,
        website: null,
        industry: null,
        hq: null,
        revenue: null,
        employees: null,
        technologies: null,
        problems: null,
        services: null,
        icp: null,
        synergy_points: null,
        discovery_questions: null,
        clients: null,
        news: null,
        insights: null,
        posts: null,
      },
      decision_makers: [],
    });

    // The ids are stable: a colleague at the same domain is another person at the same company.
    const colleague = await api.waitFor(String((await api.research({ email: 'john@example.com' })).body.research_id));
    const other = colleague.body.data as { prospect: { id: number }; company: { id: number } };
    expect(other.company.id).toBe(data.company.id);
    expect(other.prospect.id).not.toBe(data.prospect.id);
  });

  it('echoes the profile URLs the caller gave, and nothing it did not', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({
      email: 'urls@example.org',
      linkedin_url: 'https://www.linkedin.com/in/urls',
      company_linkedin_url: 'https://www.linkedin.com/company/example-org',
    });
    const reply = await api.waitFor(String(body.research_id));
    expect(reply.body.data).toMatchObject({
      prospect: { name: null, company: null, email: 'urls@example.org', linkedin_url: 'https://www.linkedin.com/in/urls' },
      company: { name: null, linkedin_url: 'https://www.linkedin.com/company/example-org', website: null },
    });
  });

  it('answers a job whose pipeline failed as failed with error, and nothing else', async () => {
    const api = client(engine.url, customer.key);
    const { body } = await api.research({ email: 'fail-status@example.com' });
    const reply = await api.waitFor(String(body.research_id));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ research_id: body.research_id, status: 'failed', error: 'internal_error' });
  });
});
