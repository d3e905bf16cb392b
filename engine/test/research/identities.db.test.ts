import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresIdentities } from '../../src/research/identities.ts';
import type { TestDatabase } from '../support/databases.ts';
import { newTestDatabase } from '../support/engine.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('postgresIdentities', () => {
  it('gives a person one id per e-mail and a company one id per domain, whatever the case', async () => {
    const ids = postgresIdentities(database.pool);
    const jane = await ids.personByEmail('jane@acme.io');
    expect(await ids.personByEmail('Jane@Acme.io')).toBe(jane);
    expect(await ids.personByEmail('john@acme.io')).not.toBe(jane);
    expect(await ids.companyByDomain('ACME.io')).toBe(await ids.companyByDomain('acme.io'));
  });

  it('answers many profile URLs in order, repeated ones with the same id, known ones with their old id', async () => {
    const ids = postgresIdentities(database.pool);
    const [known] = await ids.peopleByProfile(['https://www.linkedin.com/in/known']);
    const answer = await ids.peopleByProfile([
      'https://www.linkedin.com/in/new-one',
      'https://www.linkedin.com/in/known',
      'https://www.linkedin.com/in/new-one',
      'https://www.linkedin.com/in/new-two',
    ]);
    expect(answer[1]).toBe(known);
    expect(answer[0]).toBe(answer[2]);
    expect(new Set(answer).size).toBe(3);
    expect(await ids.peopleByProfile([])).toEqual([]);
  });
});
