import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI, runCliWith } from '../support/processes.ts';

// The machine's default Node.js, when it is one the engine does not run on.
const OLD_NODE = '/usr/bin/node';

function oldNodeVersion(): string | undefined {
  if (!existsSync(OLD_NODE)) return undefined;
  const version = execFileSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
  return Number(version.split('.')[0]) < 24 ? version : undefined;
}

describe('the Node.js version guard', () => {
  it('stops an older Node.js with exit code 1 and one line saying Node.js 24 is needed', async ({ skip }) => {
    const version = oldNodeVersion();
    if (version === undefined) skip(`no Node.js older than 24 at ${OLD_NODE}, so there is nothing to refuse`);
    for (const args of [['serve'], ['accounts', 'list', '--json'], []]) {
      const result = await runCliWith(OLD_NODE, [CLI, ...args], {});
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`prospect-engine needs Node.js 24 LTS or newer; this is Node.js ${version}.\n`);
    }
  });

  it('lets Node.js 24 through', async () => {
    const result = await runCliWith(process.execPath, [CLI, '--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: prospect-engine');
  });
});
