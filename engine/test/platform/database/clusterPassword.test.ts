import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptClusterPassword, PASSWORD_FILE } from '../../../src/platform/database/clusterPassword.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'prospect-cluster-password-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded PostgreSQL's kept password", () => {
  it('is made once, 64 hex digits readable by its owner only, and read back the same by every later caller', () => {
    const dir = newDir();
    const first = keptClusterPassword(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    expect(keptClusterPassword(dir)).toBe(first);
    // Nothing left beside it.
    expect(readdirSync(dir)).toEqual([PASSWORD_FILE]);
    expect(keptClusterPassword(newDir())).not.toBe(first);
  });

  it('refuses a file changed by hand, naming it', () => {
    const dir = newDir();
    writeFileSync(join(dir, PASSWORD_FILE), 'hunter2\n');
    expect(() => keptClusterPassword(dir)).toThrow(`${join(dir, PASSWORD_FILE)} must hold the embedded PostgreSQL's password (64 hex digits)`);
    expect(readFileSync(join(dir, PASSWORD_FILE), 'utf8')).toBe('hunter2\n');
  });
});
