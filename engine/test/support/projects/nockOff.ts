import nock from 'nock';
import { beforeAll } from 'vitest';

/**
 * Setup of the `database` project: nock is off when a file starts, however the files before it in the
 * worker left it. Importing nock switches it on, and once on it holds every connection the process
 * opens (it intercepts `net.Socket`'s connect, not only HTTP clients): a request whose body stops
 * half-way would never reach the server. A file that mocks a third party calls `useNock()`
 * (engine/test/support/nock.ts).
 */
beforeAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  if (nock.isActive()) nock.restore();
});
