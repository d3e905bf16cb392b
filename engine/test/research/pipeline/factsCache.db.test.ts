import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../../src/platform/database/database.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { postgresFactsCache, purgeExpiredFacts } from '../../../src/research/pipeline/factsCache.ts';
import { postgresIdentities } from '../../../src/research/identities.ts';
import type { ResearchInput } from '../../../src/research/pipeline/pipeline.ts';
import { type Sources, SourcePipeline } from '../../../src/research/pipeline/sourcePipeline.ts';
import type { CompanyFacts, CompanySource, DecisionMakersSource } from '../../../src/research/sources/facts.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';

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
const TTL = { people: 30, companies: 90, decisionMakers: 60 };

/** A company source that records what it was asked; `state.failing` makes it throw, `state.answer` is what it finds. */
function companySource(name: string, answer: CompanyFacts | null = { name: 'Acme', industry: 'Software', technologies: ['Salesforce'] }) {
  const asked: string[] = [];
  const state = { failing: false, answer, delayMs: 0 };
  const source: CompanySource = {
    name,
    async findCompany(query) {
      asked.push(`${query.domain}${query.name ? ` (${query.name})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failing) throw new Error(`${name} is down`);
      return state.answer;
    },
  };
  return { source, asked, state };
}

function decisionMakerSource(name = 'apollo') {
  const asked: string[] = [];
  const source: DecisionMakersSource = {
    name,
    async decisionMakers({ domain }) {
      asked.push(domain);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [{ fullName: 'Casey Example', title: 'CEO', linkedinUrl: 'https://www.linkedin.com/in/casey-example', company: 'Acme' }];
    },
  };
  return { source, asked };
}

function pipeline(sources: Partial<Sources>, ttlDays = TTL) {
  return new SourcePipeline({ people: [], companies: [], ...sources }, createLogger('silent'), { reuse: { cache: postgresFactsCache(pool), ttlDays } });
}

const run = (p: SourcePipeline, input: ResearchInput) => p.run(input, postgresIdentities(pool), new AbortController().signal);

describe('company facts across prospects', () => {
  it('asks each paid company source once per company: the next prospect reuses the answers and their fetch time', async () => {
    const apollo = companySource('apollo');
    const people = decisionMakerSource();
    const research = pipeline({ companies: [apollo.source], decisionMakers: people.source });
    const first = await run(research, prospect('jane@acme-one.io'));
    const second = await run(research, prospect('john@acme-one.io'));
    expect(apollo.asked).toEqual(['acme-one.io']);
    expect(people.asked).toEqual(['acme-one.io']);
    expect(second.data.company).toMatchObject({ name: 'Acme', industry: 'software', technologies: ['Salesforce'] });
    expect(second.data.decision_makers).toEqual(first.data.decision_makers);
    expect(second.fetchedAt.company.getTime()).toBeLessThanOrEqual(first.fetchedAt.company.getTime());
    expect(second.fetchedAt.decisionMakers!.getTime()).toBeLessThanOrEqual(first.fetchedAt.decisionMakers!.getTime());
    // Another company, or the same one asked under another name, is asked again.
    await run(research, prospect('ann@acme-two.io'));
    await run(research, prospect('bob@acme-one.io', { companyName: 'Acme GmbH' }));
    expect(apollo.asked).toEqual(['acme-one.io', 'acme-two.io', 'acme-one.io (Acme GmbH)']);
  });

  it('keeps each source on its own: a failure is asked again, an answer (also "not found") is not', async () => {
    const apollo = companySource('apollo');
    const pdl = companySource('pdl', null);
    const research = pipeline({ companies: [apollo.source, pdl.source] });
    apollo.state.failing = true;
    const degraded = await run(research, prospect('jane@acme-three.io'));
    expect(degraded.data.company.name).toBeNull();
    apollo.state.failing = false;
    const healed = await run(research, prospect('john@acme-three.io'));
    expect(healed.data.company.name).toBe('Acme');
    expect(apollo.asked).toEqual(['acme-three.io', 'acme-three.io']);
    expect(pdl.asked).toEqual(['acme-three.io']);
  });

  it('asks the sources that cost nothing (the website) every time', async () => {
    const website = companySource('website', { description: 'Robots.' });
    const research = pipeline({ website: website.source });
    await run(research, prospect('jane@acme-four.io'));
    await run(research, prospect('john@acme-four.io'));
    expect(website.asked).toEqual(['acme-four.io', 'acme-four.io']);
  });

  it('lets jobs of one process that ask about the same company at the same time share one call', async () => {
    const apollo = companySource('apollo');
    apollo.state.delayMs = 50;
    const people = decisionMakerSource();
    const research = pipeline({ companies: [apollo.source], decisionMakers: people.source });
    const [first, second] = await Promise.all([run(research, prospect('jane@acme-five.io')), run(research, prospect('john@acme-five.io'))]);
    expect(apollo.asked).toEqual(['acme-five.io']);
    expect(people.asked).toEqual(['acme-five.io']);
    expect(second.data.company.name).toBe(first.data.company.name);
  });

  it('asks again past the time-to-live, under other sources, and always with a time-to-live of 0', async () => {
    const apollo = companySource('apollo');
    await run(pipeline({ companies: [apollo.source] }), prospect('jane@acme-six.io'));
    await pool.query(`UPDATE company_facts SET fetched_at = now() - interval '8 days' WHERE domain = 'acme-six.io'`);
    await run(pipeline({ companies: [apollo.source] }, { people: 30, companies: 7, decisionMakers: 60 }), prospect('john@acme-six.io'));
    expect(apollo.asked).toEqual(['acme-six.io', 'acme-six.io']);

    const pdl = companySource('pdl');
    await run(pipeline({ companies: [pdl.source] }), prospect('ann@acme-six.io'));
    expect(pdl.asked).toEqual(['acme-six.io']);

    const fresh = companySource('apollo');
    const off = pipeline({ companies: [fresh.source] }, { people: 0, companies: 0, decisionMakers: 0 });
    await run(off, prospect('jane@acme-seven.io'));
    await run(off, prospect('john@acme-seven.io'));
    expect(fresh.asked).toEqual(['acme-seven.io', 'acme-seven.io']);
    expect((await pool.query(`SELECT 1 FROM company_facts WHERE domain = 'acme-seven.io'`)).rowCount).toBe(0);
  });

  it('treats stored facts of the wrong shape as missing instead of failing the job', async () => {
    const people = decisionMakerSource();
    const research = pipeline({ decisionMakers: people.source });
    await run(research, prospect('jane@acme-eight.io'));
    await pool.query(`UPDATE company_facts SET facts = '"not a list"' WHERE domain = 'acme-eight.io' AND kind = 'decision_makers'`);
    const again = await run(research, prospect('john@acme-eight.io'));
    expect(again.data.decision_makers).toHaveLength(1);
    expect(people.asked).toEqual(['acme-eight.io', 'acme-eight.io']);
  });

  it('are deleted by the sweep once past their time-to-live, each kind by its own', async () => {
    await pool.query(
      `INSERT INTO company_facts (kind, key, domain, facts, fetched_at) VALUES
         ('company', 'old-company', 'acme-nine.io', 'null', now() - interval '91 days'),
         ('company', 'young-company', 'acme-nine.io', 'null', now() - interval '61 days'),
         ('decision_makers', 'old-people', 'acme-nine.io', '[]', now() - interval '61 days')`,
    );
    expect(await purgeExpiredFacts(pool, TTL)).toBe(2);
    const { rows } = await pool.query(`SELECT key FROM company_facts WHERE domain = 'acme-nine.io'`);
    expect(rows).toEqual([{ key: 'young-company' }]);
  });
});
