import { beforeAll, describe, expect, it } from 'vitest';
import type { BriefInput } from '../../../src/research/writer/briefWriter.ts';
import { factSheet, factsForPrompt, tenure } from '../../../src/research/writer/factSheet.ts';
import { ItemChecker, type LanguageIdentifier, languageIdentifier } from '../../../src/grounding/index.ts';
import { mergeCompanyFacts, mergePersonFacts } from '../../../src/research/pipeline/mergeFacts.ts';

/**
 * The new facts (funding, founding year, keywords, headline, earlier jobs) reach the writer as fact
 * entries it can cite, with sources' disagreements shown; the grounding check then accepts what they
 * say and refuses what they do not.
 */

let languages: LanguageIdentifier;
beforeAll(async () => {
  languages = await languageIdentifier();
});

const person = mergePersonFacts([
  {
    source: 'apollo',
    facts: {
      name: 'Jane Doe',
      title: 'VP of Sales',
      company: 'Acme Robotics',
      headline: 'Scaling revenue teams at Acme Robotics',
      previousRoles: [{ company: 'Globex', title: 'Sales Director', start: '2017-01-01', end: '2021-04-01' }],
    },
  },
  { source: 'peopledatalabs', facts: { name: 'Jane Doe', title: 'Head of Sales', company: 'Acme Robotics' } },
]);
const company = mergeCompanyFacts([
  {
    source: 'apollo',
    facts: {
      name: 'Acme Robotics',
      employees: '1600',
      founded: '2015',
      keywords: ['warehouse automation', 'robotic picking'],
      funding: { stage: 'Series D', total: '$251.2M', lastRoundDate: '2023-08-01', lastRoundAmount: '$100M', investors: ['Bain Capital Ventures', 'Sequoia Capital'] },
    },
  },
  { source: 'peopledatalabs', facts: { name: 'Acme Robotics', employees: '1001-5000', founded: '2015', funding: { stage: 'Series B', total: '$55.3M' } } },
]);
const input: BriefInput = {
  language: 'en',
  product: { name: 'Ledgerly', description: 'AP automation for finance teams.', features: ['Invoice capture'], customers: ['CFOs'] },
  person,
  company,
  prospectPosts: [],
  companyPosts: [],
  news: [],
};

describe('the fact sheet with the new facts', () => {
  it('gives each new fact an id the writer can cite, and shows both values where sources disagree', () => {
    const sheet = factSheet(input);
    expect(sheet.ids).toEqual(expect.arrayContaining(['prospect.headline', 'prospect.previous_role.1', 'company.founded', 'company.keywords', 'company.funding']));
    const prompt = factsForPrompt(sheet) as Record<string, unknown>[];
    expect(prompt.find((entry) => entry.id === 'prospect.title')).toMatchObject({ value: 'VP of Sales', source: 'apollo', other_sources: ['peopledatalabs: Head of Sales'] });
    expect(prompt.find((entry) => entry.id === 'company.employees')).toMatchObject({ value: '1600', source: 'apollo', other_sources: ['peopledatalabs: 1001-5000'] });
    expect(prompt.find((entry) => entry.id === 'company.funding')).toMatchObject({
      latest_stage: 'Series D',
      total_raised: '$251.2M',
      latest_round_amount: '$100M',
      latest_round_investors: ['Bain Capital Ventures', 'Sequoia Capital'],
      source: 'apollo',
      other_sources: ['peopledatalabs: Series B, $55.3M raised in total'],
    });
    // Sources that agree show no disagreement.
    expect(prompt.find((entry) => entry.id === 'company.founded')).toEqual({ id: 'company.founded', about: 'the year the company was founded', value: '2015' });
    expect(prompt.find((entry) => entry.id === 'prospect.previous_role.1')).toMatchObject({ company: 'Globex', title: 'Sales Director', tenure: '4 years 3 months' });
  });

  it('lets the grounding check accept what the new facts say and refuse what they do not', () => {
    const checker = new ItemChecker(factSheet(input), 'en', languages);
    const problems = (text: string, cited: string[]) => checker.check({ text, cited, implicit: [], aboutProspect: false }).map((problem) => problem.rule);
    expect(problems('Acme Robotics raised a $100M Series D from Bain Capital Ventures in 2023.', ['company.funding'])).toEqual([]);
    expect(problems('Acme Robotics has raised $251.2M in total.', ['company.funding'])).toEqual([]);
    expect(problems('Acme Robotics was founded in 2015.', ['company.founded'])).toEqual([]);
    expect(problems('Jane spent 4 years at Globex before joining Acme Robotics.', ['prospect.previous_role.1'])).toEqual([]);
    expect(problems('Acme Robotics employs between 1001 and 5000 people.', ['company.employees'])).toEqual([]);
    // Invented: an investor, a founding year taken from the round's date, an amount scaled wrong.
    expect(problems('Acme Robotics is backed by Andreessen Horowitz.', ['company.funding'])).toContain('name');
    expect(problems('Acme Robotics was founded in 2023.', ['company.funding'])).toContain('number');
    expect(problems('Acme Robotics raised $1B in its Series D.', ['company.funding'])).toContain('number');
  });

  it("tells a job's tenure from its dates", () => {
    expect(tenure('2017-01-01', '2021-04-01')).toBe('4 years 3 months');
    expect(tenure('2020-05-15', '2021-01-10')).toBe('7 months');
    expect(tenure('2019-01-01', '2021-01-01')).toBe('2 years');
    expect(tenure('2021-01-01', '2021-01-20')).toBeUndefined();
    expect(tenure(undefined, '2021-01-01')).toBeUndefined();
  });
});
