/**
 * The dashboard's first load: the gzip size of the JavaScript and CSS a browser fetches to show the
 * first page (the sign-in page, where a new visitor lands), from a fresh production build.
 *
 * The build (`npm run build -w dashboard`) writes Vite's manifest (dist/.vite/manifest.json): the entry
 * chunk with the chunks it imports statically and its CSS, then the sign-in page's own chunk (loaded
 * lazily, at once) with its static imports. Each file counts once, gzipped by Node's zlib at its
 * default level, as a server compressing on the fly would send it. The goal is at most 250 KB.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Figure, Measurement } from '../measurement.ts';
import { round } from '../support/stats.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = `${ROOT}dashboard/dist/`;
const FIRST_PAGE = 'src/pages/SignIn.tsx';
const GOAL_KB = 250;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files `names` load before they run: themselves, their static imports (recursively) and their CSS. */
function filesOf(manifest: Record<string, Chunk>, names: string[], files = new Set<string>(), seen = new Set<string>()): Set<string> {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`the dashboard's manifest has no ${name}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    filesOf(manifest, chunk.imports ?? [], files, seen);
  }
  return files;
}

export const dashboardBundle: Measurement = {
  name: 'Dashboard: what the first page loads',
  async run(context): Promise<Figure[]> {
    context.progress('building the dashboard');
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'dashboard'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    const manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
    const entries = Object.keys(manifest).filter((name) => manifest[name]!.isEntry);
    const files = [...filesOf(manifest, [...entries, FIRST_PAGE])];
    const sizes = files.map((file) => ({ file, raw: readFileSync(`${DIST}${file}`).length, gzip: gzipSync(readFileSync(`${DIST}${file}`)).length }));
    const kb = (bytes: number) => bytes / 1024;
    const total = kb(sizes.reduce((sum, size) => sum + size.gzip, 0));
    const css = kb(sizes.filter((size) => size.file.endsWith('.css')).reduce((sum, size) => sum + size.gzip, 0));
    return [
      {
        key: 'dashboard_first_load_kb_gz',
        label: 'JS and CSS the sign-in page loads, gzipped',
        value: round(total),
        unit: 'KB',
        note: `${files.length} files, ${round(kb(sizes.reduce((sum, size) => sum + size.raw, 0)))} KB before gzip; CSS ${round(css)} KB of it; goal at most ${GOAL_KB}`,
        ...(total > GOAL_KB ? { problem: `the first load is ${round(total)} KB gzipped, over the goal of ${GOAL_KB}` } : {}),
      },
    ];
  },
};
