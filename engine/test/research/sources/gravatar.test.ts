import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gravatarHash, gravatarPhoto } from '../../../src/research/sources/gravatar.ts';
import { SourceError, SourceHttp } from '../../../src/platform/net/sourceHttp.ts';

const BASE = 'https://gravatar.com';
const context = () => ({ signal: new AbortController().signal });
// SHA-256 of "jane.doe@acme.com", worked out independently: printf %s jane.doe@acme.com | sha256sum
const HASH = '7ab2023f5a756bb26da296ceaf20cee2f320d806cbedfcc5cf614b1b3f409a52';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  // Drop delayed replies of aborted calls, so that no late body reaches a closed request.
  nock.abortPendingRequests();
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

describe('gravatarPhoto', () => {
  it('hashes the trimmed, lower-cased address with SHA-256', () => {
    expect(gravatarHash('  Jane.Doe@ACME.com ')).toBe(gravatarHash('jane.doe@acme.com'));
    expect(gravatarHash('jane.doe@acme.com')).toBe(HASH);
  });

  it('answers the avatar URL with a size when Gravatar has one', async () => {
    const scope = nock(BASE)
      .get(`/avatar/${HASH}`)
      .query({ d: '404', s: '1' })
      .reply(200, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { 'content-type': 'image/png' });
    expect(await gravatarPhoto(' Jane.Doe@Acme.com', context())).toBe(`${BASE}/avatar/${HASH}?s=400`);
    scope.done();
  });

  it('answers null on 404 (no Gravatar) and for an empty address', async () => {
    const scope = nock(BASE).get(`/avatar/${HASH}`).query(true).reply(404, 'Not Found');
    expect(await gravatarPhoto('jane.doe@acme.com', context())).toBeNull();
    expect(await gravatarPhoto('  ', context())).toBeNull();
    scope.done();
  });

  it('uses the configured base URL and size', async () => {
    const scope = nock('https://proxy.example.com').get(`/gravatar/avatar/${HASH}`).query(true).reply(200, 'png');
    expect(await gravatarPhoto('jane.doe@acme.com', context(), { baseUrl: 'https://proxy.example.com/gravatar/', size: 128 })).toBe(`https://proxy.example.com/gravatar/avatar/${HASH}?s=128`);
    scope.done();
  });

  it('throws SourceError when Gravatar keeps failing', async () => {
    const http = new SourceHttp({ source: 'gravatar', baseUrl: BASE, retries: 1, backoffMs: 1 });
    const scope = nock(BASE).get(`/avatar/${HASH}`).query(true).times(2).reply(503);
    const error = await gravatarPhoto('jane.doe@acme.com', context(), { http }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).status).toBe(503);
    scope.done();
  });

  it('stops when the job aborts', async () => {
    const controller = new AbortController();
    nock(BASE)
      .get(`/avatar/${HASH}`)
      .query(true)
      .delay(5_000)
      .reply(() => {
        controller.abort(new Error('job time limit'));
        return [200, 'png'];
      });
    const error = await gravatarPhoto('jane.doe@acme.com', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('aborted');
  });
});
