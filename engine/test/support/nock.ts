import nock from 'nock';
import { beforeAll } from 'vitest';

/**
 * Switches nock on for the enclosing test file. The `database` project's setup switches it off before
 * every file (engine/test/support/projects/nockOff.ts): once on, nock holds every connection the
 * process opens, raw sockets included, and the files a worker runs share its modules, so a file that
 * left it on would hold the next file's requests.
 */
export function useNock(): void {
  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
  });
}
