import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/accounts/accounts.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';
import { emeaSaas, SPEC_DEFAULT_SETTINGS } from '../support.ts';
import { type Cli, cliFor } from '../../support/runCli.ts';

let database: TestDatabase;
let cli: Cli;
let dir: string;

beforeAll(async () => {
  database = await newTestDatabase();
  cli = cliFor(database.url);
  dir = mkdtempSync(join(tmpdir(), 'autopilot-cli-'));
});

afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function account(): Promise<string> {
  return String((await createAccount(database.pool, { name: 'Acme Sales', plan: 'bdr' })).id);
}

type View = Record<string, unknown> & { name: string; position: number | null; problems: { severity: string; message: string }[] };

const EMEA_YAML = `# The team's EMEA pipeline
name: EMEA SaaS
enabled: true
filter:
  match: all
  rules:
    - { property: country, operator: is, values: [Germany, France] }
    - { property: numberofemployees, operator: between, values: [50, 500] }
channels: [email]
tone: Friendly
goal: { type: meetings, calendar_link: "https://cal.example.com/team" }
lead_origin: You downloaded our pricing guide last week.
sequence:
  - day: 1
    channel: email
    kind: email
    angle: |
      Thank them for downloading the guide.
      Ask one question about how they price today.
    subject_angle: Their pricing guide
    signals: [posts, news]
stop_conditions:
  property_changes:
    - { property: lifecyclestage, value: customer }
`;

describe('autopilots apply', () => {
  it('creates an Autopilot from YAML, prints what it did and every problem, and says "unchanged" the second time', async () => {
    const id = await account();
    const path = file('emea.yaml', EMEA_YAML);
    const human = await cli.run('autopilots', 'apply', '--account', id, '--file', path);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toBe(
      'created: "EMEA SaaS" (position 1, on, revision 1)\n' +
        '  warning: E-mail steps will not send until the account has an e-mail signature and a sender identity (PATCH /autopilot/settings, or prospect-engine settings set)\n' +
        '  warning: E-mail steps wait until the account has a mailbox (POST /mailboxes, or prospect-engine mailboxes add)\n',
    );
    const shown = await cli.run('autopilots', 'show', 'emea saas', '--account', id);
    expect(shown.stdout).toMatch(/\n1 +1 +email +email +Thank them for downloading the guide\. \/ Ask one question about how they price today\. +posts; news\n/);
    const [again] = await cli.json<{ action: string; autopilot: View }[]>('autopilots', 'apply', '--account', id, '--file', path);
    expect(again!.action).toBe('unchanged');
    expect(again!.autopilot).toMatchObject({
      name: 'EMEA SaaS',
      filter: {
        match: 'all',
        rules: [
          { property: 'country', operator: 'is', values: ['Germany', 'France'] },
          { property: 'numberofemployees', operator: 'between', values: [50, 500] },
        ],
      },
      sequence: [{ angle: 'Thank them for downloading the guide.\nAsk one question about how they price today.', subject_angle: 'Their pricing guide' }],
      stop_conditions: { reply: true, invite_accepted: false, property_changes: [{ property: 'lifecyclestage', value: 'customer' }] },
    });
  });

  it('applies a JSON list, or YAML documents separated by ---, in order and all together', async () => {
    const id = await account();
    const list = file('two.json', JSON.stringify([emeaSaas({ name: 'First' }), emeaSaas({ name: 'Second' })]));
    const applied = await cli.json<{ action: string; autopilot: View }[]>('autopilots', 'apply', '--account', id, '--file', list);
    expect(applied.map((a) => [a.action, a.autopilot.name, a.autopilot.position])).toEqual([
      ['created', 'First', 1],
      ['created', 'Second', 2],
    ]);
    const stream = file('stream.yml', `${EMEA_YAML}---\n${EMEA_YAML.replace('name: EMEA SaaS', 'name: Second').replace('tone: Friendly', 'tone: Direct')}`);
    const streamed = await cli.json<{ action: string; autopilot: View }[]>('autopilots', 'apply', '--account', id, '--file', stream);
    expect(streamed.map((a) => [a.action, a.autopilot.name])).toEqual([
      ['created', 'EMEA SaaS'],
      ['updated', 'Second'],
    ]);
  });

  it('with --dry-run shows what would change and changes nothing', async () => {
    const id = await account();
    const result = await cli.run('autopilots', 'apply', '--account', id, '--file', file('dry.yaml', EMEA_YAML), '--dry-run');
    expect(result.stdout).toMatch(/^would be created: "EMEA SaaS" \(position 1, on, revision 1\)\n/);
    expect(await cli.json('autopilots', 'list', '--account', id)).toEqual([]);
  });

  it('refuses a file with a broken document, explaining every problem, and applies none of its documents', async () => {
    const id = await account();
    const broken = file(
      'broken.json',
      JSON.stringify([emeaSaas({ name: 'Fine' }), { ...emeaSaas({ name: 'Broken', tone: 'Loud' as never }), filter: { rules: [{ property: 'n', operator: 'between', values: [9] }] } }]),
    );
    const result = await cli.fails('autopilots', 'apply', '--account', id, '--file', broken);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'prospect-engine: The Autopilot "Broken" (document 2) has problems:\n' +
        '  error: "tone" must be one of Friendly, Direct, Formal, Founder; got "Loud"\n' +
        '  error: Rule 1 (n between): "between" takes exactly two values, the lower and the upper bound (both included); it has 1\n',
    );
    expect(result.json).toMatchObject({
      error: 'invalid_autopilot',
      message: expect.stringContaining('has problems'),
      problems: [
        { severity: 'error', path: '/tone' },
        { severity: 'error', path: '/filter/rules/0/values' },
      ],
    });
    expect(await cli.json('autopilots', 'list', '--account', id)).toEqual([]);
  });

  it('refuses to switch on a document that is not ready, and says why', async () => {
    const id = await account();
    const result = await cli.fails('autopilots', 'apply', '--account', id, '--file', file('draft.yaml', EMEA_YAML.replace(', calendar_link: "https://cal.example.com/team"', '')));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The Autopilot "EMEA SaaS" cannot be switched on:\n  blocks enabling: The meetings goal needs "calendar_link", the link leads book a meeting with\n');
  });

  it('explains files it cannot read', async () => {
    const id = await account();
    const cases: [string, RegExp][] = [
      [join(dir, 'missing.yaml'), /missing\.yaml: cannot be read \(ENOENT\)$/],
      [file('bad.yaml', 'name: [unclosed\n'), /bad\.yaml: is not valid YAML:\n {2}.+ at line \d+, column \d+$/],
      [file('dupe.yaml', 'name: a\nname: b\n'), /dupe\.yaml: is not valid YAML:\n {2}Map keys must be unique/],
      [file('bad.json', '{"name": '), /bad\.json: is not valid JSON/],
      [file('empty.yaml', '# nothing here\n'), /empty\.yaml: holds no Autopilot$/],
      [file('same.json', JSON.stringify([emeaSaas(), emeaSaas({ name: 'emea saas' })])), /Documents 1 and 2 are both named "emea saas"/],
      [
        file(
          'bomb.yaml',
          `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n`,
        ),
        /bomb\.yaml: is not valid YAML: .*[Ee]xcessive alias count/,
      ],
    ];
    for (const [path, message] of cases) {
      const result = await cli.fails('autopilots', 'apply', '--account', id, '--file', path);
      expect(result.code, path).toBe(2);
      expect(result.stderr.trim(), path).toMatch(message);
    }
  });
});

describe('autopilots list, show, enable, disable, archive and order', () => {
  it("manage the account's Autopilots by name, in any case", async () => {
    const id = await account();
    await cli.json('autopilots', 'apply', '--account', id, '--file', file('three.json', JSON.stringify(['A', 'B', 'C'].map((name) => emeaSaas({ name, enabled: false })))));

    const rows = (await cli.run('autopilots', 'list', '--account', id)).stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/ {2,}/));
    expect(rows).toEqual([
      ['position', 'name', 'state', 'fallback', 'filter', 'channels', 'goal', 'steps', 'problems'],
      ['1', 'A', 'off', 'no', 'country is Germany or France and numberofemployees is between 50 and 500', 'email', 'meetings', '1', '2'],
      ['2', 'B', 'off', 'no', 'country is Germany or France and numberofemployees is between 50 and 500', 'email', 'meetings', '1', '2'],
      ['3', 'C', 'off', 'no', 'country is Germany or France and numberofemployees is between 50 and 500', 'email', 'meetings', '1', '2'],
    ]);

    expect(await cli.json<View>('autopilots', 'enable', '--account', id, '--name', 'b')).toMatchObject({ name: 'B', enabled: true });
    expect((await cli.run('autopilots', 'disable', 'B', '--account', id)).stdout).toMatch(/^"B" is off\n/);

    const ordered = await cli.json<View[]>('autopilots', 'order', '--account', id, 'C', 'a');
    expect(ordered.map((a) => a.name)).toEqual(['C', 'A', 'B']);

    expect(await cli.json<View>('autopilots', 'archive', 'c', '--account', id)).toMatchObject({ name: 'C', position: null });
    expect((await cli.json<View[]>('autopilots', 'list', '--account', id)).map((a) => [a.name, a.position])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect((await cli.json<View[]>('autopilots', 'list', '--account', id, '--archived')).map((a) => a.name)).toEqual(['A', 'B', 'C']);

    const shown = await cli.run('autopilots', 'show', 'a', '--account', id);
    expect(shown.stdout).toContain('name:        A\n');
    expect(shown.stdout).toContain('goal:        meetings: https://cal.example.com/team\n');
    expect(shown.stdout).toContain('stops_on:    reply; connected call; booked meeting; lifecyclestage becomes customer\n');
    expect(shown.stdout).toContain('\nsequence\nstep  day  channel  kind   angle');
  });

  it('refuse what they cannot do, with exit code 2', async () => {
    const id = await account();
    await cli.json('autopilots', 'apply', '--account', id, '--file', file('draft.json', JSON.stringify(emeaSaas({ name: 'Draft', enabled: false, goal: { type: 'qualify' } }))));
    const enable = await cli.fails('autopilots', 'enable', 'Draft', '--account', id);
    expect(enable.code).toBe(2);
    expect(enable.stderr).toBe('prospect-engine: The Autopilot "Draft" cannot be switched on:\n  blocks enabling: The qualify goal needs 1 to 3 "questions", asked in order, one per message\n');
    expect(await cli.fails('autopilots', 'show', 'Nobody', '--account', id)).toMatchObject({ code: 2, json: { error: 'autopilot_not_found', message: 'no Autopilot named "Nobody" in this account' } });
    expect(await cli.fails('autopilots', 'order', '--account', id, 'Nobody')).toMatchObject({
      code: 2,
      json: { error: 'invalid_autopilot_order', message: 'The order was not changed:\n  error: Name 1: no Autopilot named "Nobody" in this account' },
    });
    expect(await cli.fails('autopilots', 'list', '--account', '987654')).toMatchObject({ code: 2, json: { error: 'account_not_found', message: 'no account 987654' } });
    expect((await cli.fails('autopilots', 'show', '--account', id)).code).toBe(2);
  });
});

describe('settings show and set', () => {
  it('show every setting at its default, for people and as JSON', async () => {
    const id = await account();
    expect(await cli.json('settings', 'show', '--account', id)).toEqual(SPEC_DEFAULT_SETTINGS);
    expect(
      (await cli.run('settings', 'show', '--account', id)).stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/: +/)),
    ).toEqual([
      ['queue_wait', '6 hours'],
      ['drop_behind', 'off'],
      ['skip_role_based', 'off'],
      ['skip_free_providers', 'off'],
      ['excluded_domains', '(none)'],
      ['research_once', 'on'],
      ['content_language', 'en'],
      ['email_signature', '(not set)'],
      ['sender_identity', '(not set)'],
      ['email_ready', 'no', 'e-mail steps do not send until the signature and the sender identity are set'],
    ]);
  });

  it('set changes what it is given and keeps the rest', async () => {
    const id = await account();
    const changed = await cli.json(
      'settings',
      'set',
      '--account',
      id,
      '--queue-wait',
      '48',
      '--drop-behind',
      '30',
      '--skip-role-based',
      'on',
      '--skip-free-providers',
      'on',
      '--excluded-domains',
      'Acme.com, competitor.io',
      '--research-once',
      'off',
      '--content-language',
      'fr',
      '--email-signature',
      'Jane Doe\\nLedgerly',
      '--sender-name',
      'Jane Doe',
      '--sender-company',
      'Ledgerly SAS',
      '--sender-address',
      '1 rue de Rivoli\\n75001 Paris',
    );
    expect(changed).toEqual({
      queue_wait_hours: 48,
      drop_behind_days: 30,
      skip_role_based: true,
      skip_free_providers: true,
      excluded_domains: ['acme.com', 'competitor.io'],
      research_once: false,
      content_language: 'fr',
      email_signature: 'Jane Doe\nLedgerly',
      sender_identity: { name: 'Jane Doe', company: 'Ledgerly SAS', postal_address: '1 rue de Rivoli\n75001 Paris' },
      email_ready: true,
    });
    const again = await cli.json('settings', 'set', '--account', id, '--drop-behind', 'off', '--excluded-domains', '', '--sender-name', 'John Roe');
    expect(again).toMatchObject({ queue_wait_hours: 48, drop_behind_days: null, excluded_domains: [], sender_identity: { name: 'John Roe', company: 'Ledgerly SAS' } });
    expect(await cli.json('settings', 'set', '--account', id, '--clear-sender-identity', '--email-signature', '')).toMatchObject({ sender_identity: null, email_signature: null, email_ready: false });
  });

  it("set refuses values outside the spec's choices", async () => {
    const id = await account();
    expect((await cli.fails('settings', 'set', '--account', id, '--queue-wait', '3')).code).toBe(2);
    expect((await cli.fails('settings', 'set', '--account', id, '--research-once', 'yes')).stderr).toContain('expected on or off');
    expect(await cli.fails('settings', 'set', '--account', id, '--excluded-domains', 'not a domain')).toMatchObject({
      code: 2,
      json: { error: 'invalid_autopilot_settings', message: expect.stringContaining('Excluded domain 1: "not" is not a domain') },
    });
    expect(await cli.fails('settings', 'set', '--account', id, '--sender-name', 'Jane')).toMatchObject({
      code: 2,
      json: {
        error: 'invalid_autopilot_settings',
        message: 'The settings were not changed:\n  error: "sender_identity" needs name, company and postal_address; company and postal_address are missing',
      },
    });
  });
});
