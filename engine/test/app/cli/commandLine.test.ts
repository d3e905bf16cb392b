/**
 * What a newcomer gets from `prospect-engine` before anything touches a database: a refused command
 * line in one line, with commander's "did you mean"; required options marked in the help; a code in
 * every `--json` error, as the HTTP API's error bodies have.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/runCli.ts';

// No database is reached: each of these is refused, or answered, first.
const run = (...args: string[]) => runCli(args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });

describe('a misspelt command line', () => {
  it.each([
    [['acounts', 'list'], "unknown command 'acounts' (did you mean accounts?)"],
    [['accounts', 'lst'], "unknown command 'lst' (did you mean list?)"],
    [['keys', 'list', '--acount', '2'], "unknown option '--acount' (did you mean --account?)"],
    [['accounts', 'show', '2', '--jsn'], "unknown option '--jsn' (did you mean --json?)"],
    [['leads', 'list', '--account', '2', '--outcom', 'Active'], "unknown option '--outcom' (did you mean --outcome?)"],
  ])('%j answers one line, exit code 2, and not the help', async (args, line) => {
    const result = await run(...args);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `prospect-engine: ${line}\n` });
  });

  it('says what is missing in one line', async () => {
    expect(await run('keys', 'list')).toEqual({ code: 2, stdout: '', stderr: "prospect-engine: required option '--account <id>' not specified\n" });
    expect(await run('accounts', 'set', '--plan', 'bdr')).toEqual({ code: 2, stdout: '', stderr: "prospect-engine: missing required argument 'id'\n" });
    expect(await run('accounts', 'set', '2', '--id', '3')).toEqual({ code: 2, stdout: '', stderr: 'prospect-engine: id given twice: 2, and 3 with --id\n' });
  });

  it('answers --json with the code and the words, as the HTTP API answers {error, message}', async () => {
    const cases: [string[], Record<string, string>][] = [
      [['keys', 'list', '--acount', '2'], { error: 'unknown_option', message: "unknown option '--acount' (did you mean --account?)" }],
      [['acounts', 'list'], { error: 'unknown_command', message: "unknown command 'acounts' (did you mean accounts?)" }],
      [['keys', 'list'], { error: 'missing_option', message: "required option '--account <id>' not specified" }],
      [['keys', 'revoke'], { error: 'missing_argument', message: "missing required argument 'id'" }],
      [['keys', 'revoke', 'three'], { error: 'invalid_argument', message: "command-argument value 'three' is invalid for argument 'id'. expected a positive integer" }],
      [['keys', 'list', '--account', '2', 'extra'], { error: 'too_many_arguments', message: "too many arguments for 'list'. Expected 0 arguments but got 1: extra." }],
    ];
    for (const [args, body] of cases) {
      const result = await run(...args, '--json');
      expect(result.code, args.join(' ')).toBe(2);
      expect(JSON.parse(result.stdout), args.join(' ')).toEqual(body);
      expect(result.stderr).toBe(`prospect-engine: ${body.message}\n`);
    }
  });

  it('answers a bad setting with invalid_configuration, naming the variable', async () => {
    const result = await runCli(['accounts', 'list', '--json'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', APOLLO_BASE_URL: 'notaurl' });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({ error: 'invalid_configuration', message: 'APOLLO_BASE_URL must be an http:// or https:// URL, got "notaurl"' });
  });
});

describe('the help', () => {
  const help = async (...args: string[]) => {
    const result = await run(...args, '--help');
    expect(result.code).toBe(0);
    return result.stdout;
  };
  const line = (text: string, flag: string) => text.split('\n').find((candidate) => candidate.trimStart().startsWith(flag)) ?? '';

  it('marks the options a command requires, and only those', async () => {
    const create = await help('keys', 'create');
    expect(line(create, '--account <id>')).toMatch(/account id \(required\)$/);
    expect(line(create, '--label <label>')).not.toContain('(required)');
    const invite = await help('users', 'invite');
    expect(line(invite, '--email <address>')).toMatch(/\(required\)$/);
    expect(invite.replace(/\s+/g, ' ')).toContain('--role <role> what they may do (choices: "member", "admin", "owner") (required)');
  });

  it('shows what a command acts on as its argument, and keeps the older option out of sight', async () => {
    const set = await help('accounts', 'set');
    expect(set).toContain('Usage: prospect-engine accounts set <id> [options]');
    expect(set).not.toContain('--id');
    const test = await help('mailboxes', 'test');
    expect(test).toContain('Usage: prospect-engine mailboxes test <mailbox> [options]');
    expect(test).not.toContain('--mailbox');
    expect(await help('autopilots', 'enable')).toContain('Usage: prospect-engine autopilots enable <name> [options]');
  });
});
