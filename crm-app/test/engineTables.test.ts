import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

/** The engine's tables: every CREATE TABLE of its core and feature migrations. */
function engineTables(): Set<string> {
  const tables = new Set<string>();
  for (const file of globSync(['engine/migrations/*.sql', 'engine/src/*/migrations/*.sql'], { cwd: ROOT })) {
    for (const [, table] of readFileSync(new URL(file, ROOT), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)) tables.add(table!);
  }
  return tables;
}

describe("the app's code and the engine's tables", () => {
  it('names none in its SQL: it reads the engine through its public entry and the views it keeps stable', () => {
    const tables = engineTables();
    expect(tables).toContain('autopilot_leads');
    const named: string[] = [];
    for (const file of globSync('crm-app/src/**/*.ts', { cwd: ROOT })) {
      const text = readFileSync(new URL(file, ROOT), 'utf8');
      for (const [, table] of text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO|TABLE|ON)\s+([a-z_]+)/g)) if (tables.has(table!)) named.push(`${file}: ${table}`);
    }
    expect(named).toEqual([]);
  });
});
