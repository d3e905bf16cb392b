import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../src/database/database.ts';
import { createLogger } from '../../src/logger.ts';
import { postgresFactsCache } from '../../src/research/factsCache.ts';
import { postgresIdentities } from '../../src/research/identities.ts';
import type { ResearchInput } from '../../src/research/pipeline.ts';
import { type Sources, SourcePipeline } from '../../src/research/sourcePipeline.ts';
import type { CompanySource, DecisionMakersSource } from '../../src/research/sources/facts.ts';
import type { TestDatabase } from '../support/databases.ts';
import { newTestDatabase } from '../support/engine.ts';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await newTestDatabase();
  pool = createPool(database.url, 4);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const product = { name: 'Ledgerly', description: 'AP automation.', features: ['Invoice capture'], customers: ['CFOs'] };
const prospect = (email: string, extra: Partial<ResearchInput> = {}): ResearchInput => ({ email, language: 'en', decisionMakers: true, product, ...extra });

/** Company and decision-maker sources that count their calls; `failing` makes the company source throw. */
function paidSources(name = 'apollo') {
  const calls = { company: [] as string[], decisionMakers: [] as string[] };
  const state = { failing: false };
  const company: CompanySource = {
    name,
    async findCompany(query) {
      calls.company.push(`${query.domain}${query.name ? ` (${query.name})` : ''}`);
      if (state.failing) throw new Error(`${name} is down`);
      return { name: 'Acme', industry: 'Software', employees: '51-200', technologies: ['Salesforce'] };
    },
  };
  const decisionMakers: DecisionMakersSource = {
    name,
    async decisionMakers({ domain }) {
      calls.decisionMakers.push(domain);
      return [{ fullName: 'Casey Example', title: 'CEO', linkedinUrl: 'https://www.linkedin.com/in/casey-example', company: 'Acme' }];
    },
  };
  return { calls, state, sources: { people: [], companies: [company], decisionMakers } satisfies Sources };
}

function pipeline(sources: Sources, ttlDays = { companies: 90, decisionMakers: 60 }) {
  return new SourcePipeline(sources, createLogger('silent'), { factsCache: postgresFactsCache(pool), ttlDays });
}

const run = (p: SourcePipeline, input: ResearchInput) => p.run(input, postgresIdentities(pool), new AbortController().signal);

describe('company facts across prospects', () => {
  it('asks the paid company sources once per company: the next prospect there reuses the facts and their fetch time', async () => {
    const { calls, sources } = paidSources();
    const first = await run(pipeline(sources), prospect('jane@acme-one.io'));
    const second = await run(pipeline(sources), prospect('john@acme-one.io'));
    expect(calls).toEqual({ company: ['acme-one.io'], decisionMakers: ['acme-one.io'] });
    expect(second.data.company).toMatchObject({ name: 'Acme', industry: 'software', employees: '51-200', technologies: ['Salesforce'] });
    expect(second.data.decision_makers).toEqual(first.data.decision_makers);
    expect(second.fetchedAt.company).toEqual(first.fetchedAt.company);
    expect(second.fetchedAt.decisionMakers).toEqual(first.fetchedAt.decisionMakers);
    // Another company, or the same one asked with another name, is asked again.
    await run(pipeline(sources), prospect('ann@acme-two.io'));
    await run(pipeline(sources), prospect('bob@acme-one.io', { companyName: 'Acme GmbH' }));
    expect(calls.company).toEqual(['acme-one.io', 'acme-two.io', 'acme-one.io (Acme GmbH)']);
  });

  it('does not keep what a failing source left out, and asks again next time', async () => {
    const { calls, state, sources } = paidSources();
    state.failing = true;
    const degraded = await run(pipeline(sources), prospect('jane@acme-three.io'));
    expect(degraded.data.company.name).toBeNull();
    state.failing = false;
    const healed = await run(pipeline(sources), prospect('john@acme-three.io'));
    expect(healed.data.company.name).toBe('Acme');
    expect(calls.company).toEqual(['acme-three.io', 'acme-three.io']);
  });

  it('asks again once the facts are older than their time-to-live, and when other sources are configured', async () => {
    const { calls, sources } = paidSources();
    await run(pipeline(sources), prospect('jane@acme-four.io'));
    await pool.query(`UPDATE company_facts SET fetched_at = now() - interval '8 days' WHERE domain = 'acme-four.io' AND kind = 'company'`);
    await run(pipeline(sources, { companies: 7, decisionMakers: 60 }), prospect('john@acme-four.io'));
    expect(calls).toEqual({ company: ['acme-four.io', 'acme-four.io'], decisionMakers: ['acme-four.io'] });

    const other = paidSources('pdl');
    await run(pipeline(other.sources), prospect('ann@acme-four.io'));
    expect(other.calls).toEqual({ company: ['acme-four.io'], decisionMakers: ['acme-four.io'] });
  });
});
