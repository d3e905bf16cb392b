import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/accounts/accounts.ts';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import { LANGUAGE_NAMES } from '../../src/research/writer/briefWriter.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { smallAnswer, textsOf } from './fixtures/briefs.ts';
import { completion, mockChat, mockSmallSources, OPS_ENV } from './fixtures/thirdParties.ts';
import { expectAllCalled, forgetCompanyFacts, interceptThirdParties, research } from './support.ts';

/**
 * The account's language reaches the writer's prompt, and the brief stores what the model wrote in it,
 * for each of the eight languages; the title stays English.
 */

const { unmatched } = interceptThirdParties();
const fixture = useEngine({ env: OPS_ENV });

beforeEach(() => forgetCompanyFacts(fixture.engine.pool));

describe('the account language', () => {
  it('covers the eight languages of the spec', () => {
    expect([...LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
  });

  it.each([...LANGUAGES])('writes the brief in %s', async (language) => {
    const sources = mockSmallSources();
    const answer = smallAnswer(language);
    const llm = mockChat([completion(answer)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language });

    const job = await research(fixture.engine, customer, { email: `jane.doe@acme-robotics.io` });

    expect(job.reply.body.status).toBe('completed');
    expect(researchDataErrors(job.data)).toBeUndefined();
    expectAllCalled([...sources, llm.scope]);
    expect(unmatched).toEqual([]);

    expect(llm.requests).toHaveLength(1);
    const system = llm.requests[0]!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain(`LANGUAGE: write every generated text in ${LANGUAGE_NAMES[language]} (language code "${language}")`);

    const { prospect, company } = job.data;
    // The source's title is English already: it stands, and the writer was not asked for one.
    expect(llm.requests[0]!.response_format.json_schema.schema.required).toEqual(['prospect', 'company']);
    expect(prospect).toMatchObject({ name: 'Jane Doe', title: 'Head of Operations', summary: answer.prospect.summary.text, opening_talk: textsOf(answer.prospect.opening_talk), posts: null });
    expect(company).toMatchObject({
      name: 'Acme Robotics',
      problems: textsOf(answer.company.problems),
      services: textsOf(answer.company.services),
      icp: textsOf(answer.company.icp),
      synergy_points: textsOf(answer.company.synergy_points),
      discovery_questions: textsOf(answer.company.discovery_questions),
      insights: textsOf(answer.company.insights),
      // Google News answered with nothing: an empty list. No profile or company page is known, so the
      // posts could not be asked for: unknown, null.
      news: [],
      posts: null,
    });
  });
});
