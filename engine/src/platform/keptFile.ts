import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A secret the engine keeps in a file of its own under DATA_DIR (whose folder must exist): made by
 * `make` on first use, readable by its owner only (mode 0600), then read as written (trimmed). It is
 * written whole beside its place, then linked there (which fails if the file exists): of two processes
 * starting together (serve and an ops command), one makes it, and neither reads it half-written.
 */
export function keptFile(path: string, make: () => string): string {
  if (!existsSync(path)) {
    const draft = `${path}.${process.pid}.new`;
    writeFileSync(draft, `${make()}\n`, { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(path, 'utf8').trim();
}
