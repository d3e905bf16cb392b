import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/databases.ts';
import { newTestDatabase } from '../support/engine.ts';
import { cliFor } from '../support/runCli.ts';

/** `prospect-engine demo`: a Demo account, seeded once, with the owner's one-time link. */
let database: TestDatabase;
beforeAll(async () => {
  database = await newTestDatabase();
});
afterAll(async () => database?.drop());

describe('prospect-engine demo', () => {
  it('creates and seeds the Demo account, prints the owner link, and refuses to seed it twice unless asked', async () => {
    const cli = cliFor(database.url);
    const seeded = await cli.json<{ account: number; contacts: number; leads: number; owner_link: string; autopilots: string[] }>('demo', '--contacts', '400', '--leads', '80');
    expect(seeded).toMatchObject({ contacts: 400, leads: 80 });
    expect(seeded.autopilots).toHaveLength(4);
    expect(seeded.owner_link).toMatch(/\/app\/invitation\/[\w-]+$/);

    const printed = await cli.run('demo', '--contacts', '10', '--leads', '2');
    expect(printed.code).toBe(2);
    expect(printed.stderr).toMatch(new RegExp(`account ${seeded.account} "Demo" already holds the demo; run with --new-account`));

    const again = await cli.run('demo', '--contacts', '50', '--leads', '10', '--new-account');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Seeded account \d+ "Demo" in [\d.]+ s: 4 Autopilots, 50 contacts, 10 leads/);
    expect(again.stdout).toMatch(/Start the engine \(npm start\)/);
  }, 120_000);
});
