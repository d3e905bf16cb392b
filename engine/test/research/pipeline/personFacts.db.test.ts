import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../../src/platform/database/database.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { postgresIdentities } from '../../../src/research/identities.ts';
import { postgresFactsCache, purgeExpiredFacts } from '../../../src/research/pipeline/factsCache.ts';
import type { ResearchInput } from '../../../src/research/pipeline/pipeline.ts';
import { type Sources, SourcePipeline } from '../../../src/research/pipeline/sourcePipeline.ts';
import { createApollo } from '../../../src/research/sources/apollo.ts';
import { createPeopleDataLabs } from '../../../src/research/sources/peopleDataLabs.ts';
import type { BriefInput, BriefWriter } from '../../../src/research/writer/briefWriter.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';
import { interceptThirdParties } from '../../e2e/support.ts';

/**
 * The person's facts are kept like the company's: a second research of the same address, in another
 * language or for another product, pays Apollo and People Data Labs nothing (nock answers each call
 * once: a second call would find no interceptor and fail the source).
 */

const APOLLO = 'https://api.apollo.io';
const PDL = 'https://api.peopledatalabs.com';

let database: TestDatabase;
let pool: Pool;
const { unmatched } = interceptThirdParties();

beforeAll(async () => {
  database = await newTestDatabase();
  pool = createPool(database.url, 4);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const product = { name: 'Ledgerly', description: 'AP automation.', features: ['Invoice capture'], customers: ['CFOs'] };
const otherProduct = { name: 'Shipwise', description: 'Freight booking.', features: ['Quotes'], customers: ['Logistics teams'] };
const TTL = { people: 30, companies: 90, decisionMakers: 60 };

const apolloPerson = {
  person: {
    id: '64a7ff0cc4dfae00013df1a5',
    name: 'Jane Doe',
    title: 'VP of Sales',
    headline: 'VP of Sales at Acme',
    linkedin_url: 'http://www.linkedin.com/in/jane-doe-acme',
    photo_url: 'https://media.licdn.com/dms/image/jane.jpg',
    organization_id: 'org-1',
    organization: { id: 'org-1', name: 'Acme' },
    employment_history: [
      { current: true, organization_id: 'org-1', organization_name: 'Acme', title: 'VP of Sales', start_date: '2022-03-01', end_date: null },
      { current: false, organization_id: 'org-2', organization_name: 'Globex', title: 'Sales Director', start_date: '2017-01-01', end_date: '2022-02-01' },
    ],
    city: 'Berlin',
    country: 'Germany',
  },
};
const pdlPerson = {
  status: 200,
  likelihood: 8,
  data: { full_name: 'jane doe', job_title: 'head of sales', job_company_name: 'acme', location_name: 'berlin, germany', linkedin_url: 'linkedin.com/in/jane-doe-acme' },
};

/** A writer that records the facts it was given and writes nothing. */
function recordingWriter(): BriefWriter & { inputs: BriefInput[] } {
  const inputs: BriefInput[] = [];
  return {
    model: 'recording',
    inputs,
    async write(input) {
      inputs.push(input);
      return { title_en: null, description_en: null, prospect: null, company: null, calls: 0, rejections: [] } as never;
    },
  };
}

function pipeline(extra: Partial<Sources> = {}) {
  const apollo = createApollo({ apiKey: 'k', backoffMs: 1, retries: 0 });
  const pdl = createPeopleDataLabs({ apiKey: 'k', backoffMs: 1, retries: 0 });
  return new SourcePipeline({ people: [apollo, pdl], companies: [], ...extra }, createLogger('silent'), { reuse: { cache: postgresFactsCache(pool), ttlDays: TTL } });
}

const run = (p: SourcePipeline, input: ResearchInput) => p.run(input, postgresIdentities(pool), new AbortController().signal);

describe('person facts across researches', () => {
  it('asks Apollo and PDL once per address: another language or product reuses their answers and their fetch time', async () => {
    const apollo = nock(APOLLO).post('/api/v1/people/match').query(true).once().reply(200, apolloPerson);
    const pdl = nock(PDL).get('/v5/person/enrich').query(true).once().reply(200, pdlPerson);
    const research = pipeline();

    const first = await run(research, { email: 'jane@acme-person.io', language: 'en', decisionMakers: false, product });
    apollo.done();
    pdl.done();
    const second = await run(research, { email: 'jane@acme-person.io', language: 'de', decisionMakers: false, product: otherProduct });

    expect(unmatched).toEqual([]);
    expect(second.sources.failed).toEqual([]);
    expect(second.data.prospect).toMatchObject({ name: 'Jane Doe', title: 'VP of Sales', company: 'Acme', photo: 'https://media.licdn.com/dms/image/jane.jpg' });
    expect(second.data.prospect).toEqual({ ...first.data.prospect });
    expect(second.fetchedAt.person.getTime()).toBeLessThanOrEqual(first.fetchedAt.person.getTime());
  });

  it('asks again for another address, and past the people time-to-live', async () => {
    nock(APOLLO).post('/api/v1/people/match').query(true).times(3).reply(200, apolloPerson);
    nock(PDL).get('/v5/person/enrich').query(true).times(3).reply(200, pdlPerson);
    const research = pipeline();
    await run(research, { email: 'jane@acme-ttl.io', language: 'en', decisionMakers: false, product });
    await run(research, { email: 'john@acme-ttl.io', language: 'en', decisionMakers: false, product });
    await pool.query(`UPDATE company_facts SET fetched_at = now() - interval '31 days' WHERE domain = 'acme-ttl.io'`);
    await run(research, { email: 'jane@acme-ttl.io', language: 'en', decisionMakers: false, product });
    expect(nock.pendingMocks()).toEqual([]);
    expect(unmatched).toEqual([]);
  });

  it("gives the writer both values where Apollo and PDL disagree, Apollo first, and cases PDL's lower-case values", async () => {
    nock(APOLLO).post('/api/v1/people/match').query(true).reply(200, apolloPerson);
    nock(PDL).get('/v5/person/enrich').query(true).reply(200, pdlPerson);
    const writer = recordingWriter();
    const outcome = await run(pipeline({ writer }), { email: 'jane@acme-conflict.io', language: 'en', decisionMakers: false, product });
    expect(outcome.data.prospect.title).toBe('VP of Sales');
    const facts = writer.inputs[0]!.person!;
    expect(facts.conflicts).toEqual([
      {
        field: 'title',
        values: [
          { source: 'apollo', value: 'VP of Sales' },
          { source: 'peopledatalabs', value: 'Head of Sales' },
        ],
      },
    ]);
    expect(facts.previousRoles).toEqual([{ company: 'Globex', title: 'Sales Director', start: '2017-01-01', end: '2022-02-01' }]);
    expect(facts.headline).toBe('VP of Sales at Acme');
  });

  it('asks Gravatar only when no person source has a photo', async () => {
    const asked: string[] = [];
    const photo = async (email: string) => {
      asked.push(email);
      return 'https://gravatar.com/avatar/abc?s=400';
    };
    nock(APOLLO).post('/api/v1/people/match').query(true).reply(200, apolloPerson);
    nock(PDL).get('/v5/person/enrich').query(true).reply(200, pdlPerson);
    const withPhoto = await run(pipeline({ photo }), { email: 'jane@acme-photo.io', language: 'en', decisionMakers: false, product });
    expect(withPhoto.data.prospect.photo).toBe('https://media.licdn.com/dms/image/jane.jpg');
    expect(asked).toEqual([]);

    nock(APOLLO).post('/api/v1/people/match').query(true).reply(200, { person: null });
    nock(PDL).get('/v5/person/enrich').query(true).reply(200, pdlPerson);
    const withoutPhoto = await run(pipeline({ photo }), { email: 'ann@acme-photo.io', language: 'en', decisionMakers: false, product });
    expect(withoutPhoto.data.prospect.photo).toBe('https://gravatar.com/avatar/abc?s=400');
    expect(asked).toEqual(['ann@acme-photo.io']);
  });

  it("are deleted by the sweep past the people time-to-live, not the companies' one", async () => {
    nock(APOLLO).post('/api/v1/people/match').query(true).reply(200, apolloPerson);
    nock(PDL).get('/v5/person/enrich').query(true).reply(200, pdlPerson);
    await run(pipeline(), { email: 'jane@acme-sweep.io', language: 'en', decisionMakers: false, product });
    await pool.query(
      `INSERT INTO company_facts (kind, key, domain, facts, fetched_at) VALUES ('company', 'facts-v2|apollo|{"domain":"acme-sweep.io"}', 'acme-sweep.io', 'null', now() - interval '31 days')`,
    );
    // Apollo's and PDL's answers about Jane, each a row of its own kind.
    const stored = await pool.query<{ kind: string; key: string }>(`SELECT kind, key FROM company_facts WHERE domain = 'acme-sweep.io' AND kind = 'person' ORDER BY key`);
    expect(stored.rows.map((row) => row.key)).toEqual([
      expect.stringMatching(/^facts-v2\|apollo\|\{"email":"jane@acme-sweep\.io"/),
      expect.stringMatching(/^facts-v2\|peopledatalabs\|\{"email":"jane@acme-sweep\.io"/),
    ]);
    await pool.query(`UPDATE company_facts SET fetched_at = now() - interval '31 days' WHERE domain = 'acme-sweep.io'`);
    expect(await purgeExpiredFacts(pool, TTL)).toBeGreaterThanOrEqual(2);
    const { rows } = await pool.query(`SELECT kind, key FROM company_facts WHERE domain = 'acme-sweep.io'`);
    expect(rows).toEqual([{ kind: 'company', key: 'facts-v2|apollo|{"domain":"acme-sweep.io"}' }]);
  });
});
