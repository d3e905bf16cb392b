import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE, withKeptSecretKey } from '../../src/platform/keptSecretKey.ts';
import { platformSettings } from '../../src/platform/settings.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kept-key-'));
  folders.push(folder);
  return join(folder, 'data');
}

describe('the embedded default’s SECRET_KEY', () => {
  it('is made on the first start, readable by its owner only, and the same on every start after', () => {
    const DATA_DIR = dataDir();
    const first = withKeptSecretKey(platformSettings({ DATA_DIR }));
    expect(first.secretKey).toHaveLength(32);
    expect(statSync(join(DATA_DIR, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(withKeptSecretKey(platformSettings({ DATA_DIR })).secretKey).toEqual(first.secretKey);
  });

  it('is left to the embedded database to refuse a DATA_DIR that is a file', () => {
    const DATA_DIR = dataDir();
    mkdirSync(dirname(DATA_DIR), { recursive: true });
    writeFileSync(DATA_DIR, '');
    expect(withKeptSecretKey(platformSettings({ DATA_DIR })).secretKey).toBeUndefined();
  });

  it('is not made when SECRET_KEY is set, nor for a deployment (DATABASE_URL), which sets its own', () => {
    const DATA_DIR = dataDir();
    const given = Buffer.alloc(32, 7);
    expect(withKeptSecretKey(platformSettings({ DATA_DIR, SECRET_KEY: given.toString('base64') })).secretKey).toEqual(given);
    expect(withKeptSecretKey(platformSettings({ DATA_DIR, DATABASE_URL: 'postgres://db.example/prospects' })).secretKey).toBeUndefined();
    expect(() => statSync(join(DATA_DIR, SECRET_KEY_FILE))).toThrow();
  });
});
