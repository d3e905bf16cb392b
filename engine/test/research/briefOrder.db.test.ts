import { describe, expect, it } from 'vitest';
import type { ResearchData } from '../../src/research/contract.ts';
import type { Identities, ResearchInput, ResearchOutcome } from '../../src/research/pipeline/pipeline.ts';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import { until, useTestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';

/**
 * The brief reads in the spec's order (its field tables, top to bottom) at every level, in the raw
 * body a caller receives: written out here from the spec, not from the contract, so that both are checked.
 */
const SPEC_ORDER = {
  answer: ['research_id', 'status', 'completed_at', 'data', 'cached', 'empty_reason', 'provenance'],
  data: ['prospect', 'company', 'decision_makers'],
  prospect: ['id', 'name', 'title', 'company', 'email', 'linkedin_url', 'photo', 'last_role_start', 'summary', 'opening_talk', 'posts'],
  company: [
    'id',
    'name',
    'description',
    'linkedin_url',
    'website',
    'industry',
    'hq',
    'revenue',
    'employees',
    'technologies',
    'problems',
    'services',
    'icp',
    'synergy_points',
    'discovery_questions',
    'clients',
    'news',
    'insights',
    'posts',
  ],
  post: ['text', 'posted', 'post_url', 'reshared', 'summary'],
  news: ['summary', 'url', 'date'],
  decisionMaker: ['id', 'full_name', 'position_title', 'linkedin_url', 'picture_url', 'location_text', 'company_name'],
};

const four = ['one', 'two', 'three', 'four'];
const post = (n: number) => ({ text: `Post ${n}`, posted: '2026-01-12 07:45:31', post_url: `https://www.linkedin.com/posts/${n}`, reshared: n === 2, summary: `About post ${n}` });

/** A brief with every field filled, so that every level of it is in the answer. */
async function fullBrief(input: ResearchInput, identities: Identities): Promise<ResearchData> {
  const [personId, companyId, [dmId]] = await Promise.all([
    identities.personByEmail(input.email),
    identities.companyByDomain(input.email.split('@')[1]!),
    identities.peopleByProfile(['https://www.linkedin.com/in/max-keller']),
  ]);
  return {
    prospect: {
      id: personId,
      name: 'Jane Doe',
      title: 'Head of Operations',
      company: 'Acme Robotics',
      email: input.email,
      linkedin_url: 'https://www.linkedin.com/in/jane-doe',
      photo: 'https://media.example/jane.jpg',
      last_role_start: '2021-04-01',
      summary: 'Jane runs operations.',
      opening_talk: ['a', 'b', 'c'],
      posts: [post(1), post(2)],
    },
    company: {
      id: companyId,
      name: 'Acme Robotics',
      description: 'Builds picking robots.',
      linkedin_url: 'https://www.linkedin.com/company/acme-robotics',
      website: 'https://acme-robotics.io',
      industry: 'industrial automation',
      hq: 'Berlin, Germany',
      revenue: '25M',
      employees: '180',
      technologies: ['HubSpot'],
      problems: four,
      services: four,
      icp: four,
      synergy_points: four,
      discovery_questions: ['q1', 'q2', 'q3'],
      clients: [{ count: '120' }],
      news: [{ summary: 'Acme raises a Series B', url: 'https://news.example/1', date: '2026-01' }],
      insights: four,
      posts: [post(3)],
    },
    decision_makers: [
      {
        id: dmId!,
        full_name: 'Max Keller',
        position_title: 'CEO',
        linkedin_url: 'https://www.linkedin.com/in/max-keller',
        picture_url: null,
        location_text: 'Berlin, Germany',
        company_name: 'Acme Robotics',
      },
    ],
  };
}

/** The same value with the keys of every object in reverse order: what the pipeline writes must not decide the answer's order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reversed(item)]),
  );
}

const pipeline = new ScriptedPipeline(async (input, identities): Promise<ResearchOutcome> => {
  const now = new Date();
  return {
    data: reversed(await fullBrief(input, identities)) as ResearchData,
    fetchedAt: { person: now, company: now, decisionMakers: now },
    sources: { configured: ['scripted'], answered: ['scripted'], failed: [] },
  };
});

const fixture = useTestEngine({ pipeline }, { plan: 'bdr' });

/** Polls the status as a caller would and answers the raw text of the completed answer. */
async function completedBody(researchId: string): Promise<string> {
  let text = '';
  await until(
    () => `research ${researchId} to complete, still ${text}`,
    async () => {
      const response = await fetch(`${fixture.engine.url}/research-status/${researchId}`, { headers: { authorization: `Bearer ${fixture.customer.key}` } });
      text = await response.text();
      return JSON.parse(text).status === 'completed';
    },
  );
  return text;
}

async function research(email: string): Promise<string> {
  const response = await fetch(`${fixture.engine.url}/research`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.customer.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(202);
  return completedBody(((await response.json()) as { research_id: string }).research_id);
}

/**
 * The keys of every object of the raw body, level by level. JSON.parse keeps the text's key order for
 * keys that are not array indices (none here), so this is the order the caller reads.
 */
function keyOrder(raw: string) {
  const answer = JSON.parse(raw);
  const { prospect, company, decision_makers } = answer.data;
  return {
    answer: Object.keys(answer),
    data: Object.keys(answer.data),
    prospect: Object.keys(prospect),
    company: Object.keys(company),
    posts: [...prospect.posts, ...company.posts].map((item: object) => Object.keys(item)),
    news: company.news.map((item: object) => Object.keys(item)),
    clients: company.clients.map((item: object) => Object.keys(item)),
    decisionMakers: decision_makers.map((item: object) => Object.keys(item)),
  };
}

function expectSpecOrder(raw: string): void {
  expect(keyOrder(raw)).toEqual({
    answer: SPEC_ORDER.answer,
    data: SPEC_ORDER.data,
    prospect: SPEC_ORDER.prospect,
    company: SPEC_ORDER.company,
    posts: [SPEC_ORDER.post, SPEC_ORDER.post, SPEC_ORDER.post],
    news: [SPEC_ORDER.news],
    clients: [['count']],
    decisionMakers: [SPEC_ORDER.decisionMaker],
  });
}

describe('the order of a brief', () => {
  it("answers a fresh brief in the spec's field order at every level, whatever order the pipeline and the database keep", async () => {
    const raw = await research('order@acme-robotics.io');
    expect(researchDataErrors(JSON.parse(raw).data)).toBeUndefined();
    expect(JSON.parse(raw).cached).toBe(false);
    expectSpecOrder(raw);
  });

  it('answers a cached brief in the same order', async () => {
    await research('cached-order@acme-robotics.io');
    const raw = await research('cached-order@acme-robotics.io');
    expect(JSON.parse(raw).cached).toBe(true);
    expect(pipeline.inputs.filter((input) => input.email === 'cached-order@acme-robotics.io')).toHaveLength(1);
    expectSpecOrder(raw);
  });
});
