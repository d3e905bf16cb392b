import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCliWith } from '../../support/processes.ts';

/**
 * `npm start` by a user who is not root (a developer's laptop, the systemd unit's `prospect` user, the
 * container image's `node` user) with no DATABASE_URL: the embedded PostgreSQL runs as that user. The
 * suite usually runs as root, so this runs `prospect-engine migrate` (which starts the embedded server,
 * migrates and stops it) as `nobody` through runuser.
 */
const root = process.getuid?.() === 0;
const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path));
const nobody = root && runuser ? Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim()) : undefined;
const skip = !root ? 'not root: the other embedded-database tests already run as a user who is not root' : !runuser ? 'runuser is not installed' : undefined;

const dataDir = mkdtempSync(join(tmpdir(), 'prospect-as-user-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(skip !== undefined)(`the embedded PostgreSQL as a user who is not root${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('initialises, migrates and stops its cluster as that user', { timeout: 120_000 }, async () => {
    chownSync(dataDir, nobody!, nobody!);
    const result = await runCliWith(runuser!, ['-u', 'nobody', '--', process.execPath, CLI, 'migrate'], {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      TEST_DATABASE_URL: undefined,
      LOG_LEVEL: 'error',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^applied \d+ migrations:\n  core\/0001_accounts_keys_credits_research\n/);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    // Stopped again: the cluster's pid file is gone.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
