import { beforeEach, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import { writerLog } from '../../src/research/runResearchJob.ts';
import { cliFor } from '../support/runCli.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { fullAnswerEn, textsOf } from './fixtures/briefs.ts';
import { completion, mockAllSources, mockChat, OPS_ENV } from './fixtures/thirdParties.ts';
import { expectAllCalled, forgetCompanyFacts, interceptThirdParties, research } from './support.ts';

/**
 * A hostile model behind realistic Apollo, People Data Labs, Unipile and Google News answers, through
 * the HTTP API and a real worker: the published brief keeps its clean items and none of the invented
 * claims, the source title stands, and the job records every rejection for support.
 */

const { unmatched } = interceptThirdParties();
const fixture = useEngine({ env: OPS_ENV });

beforeEach(() => forgetCompanyFacts(fixture.engine.pool));

const invented = {
  customers: { text: 'Acme Robotics counts Siemens and Stripe among its customers.', facts: ['company.technologies'] },
  ownWords: { text: 'You argue that the Berlin hub is your own achievement: what did it take?', facts: ['prospect_post.3'] },
};
const hostile = {
  ...fullAnswerEn,
  prospect: { ...fullAnswerEn.prospect, opening_talk: [fullAnswerEn.prospect.opening_talk[0]!, invented.ownWords, fullAnswerEn.prospect.opening_talk[2]!] },
  company: { ...fullAnswerEn.company, insights: [...fullAnswerEn.company.insights.slice(0, 3), invented.customers] },
  title_en: 'Chief Revenue Officer',
};
/** The model doubles down on the customers, withdraws nothing else. */
const repair = { repairs: [{ item: 'company/insights/3', text: 'Stripe is one of its customers.', facts: ['company.technologies'] }] };

describe('a hostile writer', () => {
  it('publishes the clean items, none of the invented claims, the source title; the job records why', async () => {
    const sources = mockAllSources();
    const llm = mockChat([completion(hostile), completion(repair)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });

    const job = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io' });

    expect(job.reply.body.status).toBe('completed');
    expect(researchDataErrors(job.data)).toBeUndefined();
    expectAllCalled([...sources.scopes, llm.scope]);
    expect(unmatched).toEqual([]);
    const { prospect, company } = job.data;
    // Apollo's title stands: the model's was no translation of it.
    expect(prospect.title).toBe('Leiterin Operations');
    expect(prospect.opening_talk).toEqual([fullAnswerEn.prospect.opening_talk[0]!.text, fullAnswerEn.prospect.opening_talk[2]!.text]);
    expect(company.insights).toEqual(textsOf(fullAnswerEn.company.insights.slice(0, 3)));
    expect(company.problems).toEqual(textsOf(fullAnswerEn.company.problems));
    expect(JSON.stringify(job.data)).not.toMatch(/Stripe|Chief Revenue Officer|You argue/);

    const { rows } = await fixture.engine.pool.query('SELECT rejections, writer_calls FROM research_jobs WHERE id = $1', [job.researchId]);
    expect(rows[0].writer_calls).toBe(2);
    expect(rows[0].rejections).toEqual([
      { field: '/prospect/title', item: 'Chief Revenue Officer', rules: ['translation'], reason: expect.stringContaining('rank'), outcome: 'source_kept' },
      { field: '/prospect/opening_talk', item: invented.ownWords.text, rules: ['reshare'], reason: expect.stringContaining("sharer's own words"), outcome: 'dropped' },
      { field: '/company/insights', item: 'Stripe is one of its customers.', rules: ['name'], reason: expect.stringContaining('"Stripe"'), outcome: 'dropped' },
    ]);
    // The log line counts them (the worker logs it with the job's id).
    expect(writerLog({ calls: rows[0].writer_calls, rejections: rows[0].rejections })).toEqual({
      level: 'info',
      fields: { writerCalls: 2, rejected: 3, outcomes: { source_kept: 1, dropped: 2 }, rules: { translation: 1, reshare: 1, name: 1 } },
      message: 'the grounding checks rejected 3 generated texts',
    });

    // Support reads them with the CLI.
    const shown = await cliFor(fixture.database.url).json<{ status: string; writer_calls: number; rejections: { field: string }[] }>('research', 'show', job.researchId);
    expect(shown).toMatchObject({ status: 'completed', writer_calls: 2 });
    expect(shown.rejections.map((rejection) => rejection.field)).toEqual(['/prospect/title', '/prospect/opening_talk', '/company/insights']);
    const text = await cliFor(fixture.database.url).run('research', 'show', job.researchId);
    expect(text.stdout).toMatch(/^writer_calls: +2$/m);
    expect(text.stdout).toMatch(/^rejections: +3$/m);
    expect(text.stdout).toContain('/company/insights');
    expect(text.stdout).toContain('Stripe is one of its customers.');

    // A cached answer for the same e-mail carries the rejections of the research it comes from, with no call of its own.
    const again = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io' });
    expect(again.fromCache).toBe(true);
    const cached = await fixture.engine.pool.query('SELECT rejections, writer_calls FROM research_jobs WHERE id = $1', [again.researchId]);
    expect(cached.rows[0]).toEqual({ rejections: rows[0].rejections, writer_calls: 0 });
  });

  it('answers a research id that does not exist with a clear refusal', async () => {
    const result = await cliFor(fixture.database.url).run('research', 'show', '00000000-0000-4000-8000-000000000000');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no research job 00000000-0000-4000-8000-000000000000');
  });
});
