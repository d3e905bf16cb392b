import { describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/accounts/apiKeys.ts';
import { BODY_LIMIT_BYTES } from '../../src/platform/http/server.ts';
import { client, createCustomer, creditState, startTestEngine, useTestEngine } from '../support/engine.ts';

// No worker: jobs stay queued, so these tests see exactly what POST did.
const fixture = useTestEngine({ worker: false }, { plan: 'bdr' });

describe('POST /research', () => {
  it('accepts a job with 202, research_id, status processing and estimated_seconds, and takes one credit', async () => {
    const api = client(fixture.engine.url, fixture.customer.key);
    const before = await creditState(fixture.engine.pool, fixture.customer.account.id);
    const reply = await api.research({ email: 'jane.doe@example.com', prospect_name: 'Jane Doe' });
    expect(reply.status).toBe(202);
    expect(Object.keys(reply.body).sort()).toEqual(['estimated_seconds', 'research_id', 'status']);
    expect(reply.body.status).toBe('processing');
    expect(reply.body.research_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(reply.body.estimated_seconds) && (reply.body.estimated_seconds as number) >= 1).toBe(true);
    expect(reply.headers.get('location')).toBe(`/research-status/${reply.body.research_id}`);
    const after = await creditState(fixture.engine.pool, fixture.customer.account.id);
    expect(after.used - before.used).toBe(1);
    expect(after.debits - before.debits).toBe(1);
    const job = await api.status(String(reply.body.research_id));
    expect(job.body).toEqual({ research_id: reply.body.research_id, status: 'queued' });
  });

  it('normalises the email and stores the optional fields as given', async () => {
    const api = client(fixture.engine.url, fixture.customer.key);
    const reply = await api.research({
      email: '  Jane.Doe@Example.COM ',
      company_name: 'Example Inc',
      linkedin_url: 'https://www.linkedin.com/in/janedoe',
      company_linkedin_url: 'https://www.linkedin.com/company/example',
      prospect_name: '',
      unknown_field: 'ignored',
    });
    expect(reply.status).toBe(202);
    const { rows } = await fixture.engine.pool.query('SELECT email, request FROM research_jobs WHERE id = $1', [reply.body.research_id]);
    expect(rows[0]).toEqual({
      email: 'jane.doe@example.com',
      request: {
        company_name: 'Example Inc',
        linkedin_url: 'https://www.linkedin.com/in/janedoe',
        company_linkedin_url: 'https://www.linkedin.com/company/example',
      },
    });
  });

  it.each([
    ['no email field', { prospect_name: 'Jane' }],
    ['a null email', { email: null }],
    ['a blank email', { email: '   ' }],
  ])('answers 400 missing_email for %s', async (_case, body) => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research(body);
    expect(reply).toMatchObject({ status: 400, body: { error: 'missing_email' } });
  });

  it('answers 400 missing_email with no body at all, and for an empty JSON body', async () => {
    const api = client(fixture.engine.url, fixture.customer.key);
    expect((await api.request('POST', '/research')).body).toEqual({ error: 'missing_email' });
    const empty = await api.request('POST', '/research', { raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty).toMatchObject({ status: 400, body: { error: 'missing_email' } });
  });

  it.each(['jane', 'jane@', '@example.com', 'jane@localhost', 'jane@127.0.0.1', 'Jane <jane@example.com>', 'jane@exa mple.com', `${'a'.repeat(250)}@example.com`])(
    'answers 400 invalid_email_format for %j',
    async (email) => {
      const reply = await client(fixture.engine.url, fixture.customer.key).research({ email });
      expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_email_format' } });
    },
  );

  it('answers 400 invalid_email_format for an email that is not a string', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research({ email: 42 });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_email_format' } });
  });

  it.each([
    ['prospect_name', 'x'.repeat(201), 'invalid_prospect_name'],
    ['prospect_name', 7, 'invalid_prospect_name'],
    ['company_name', ['Acme'], 'invalid_company_name'],
    ['linkedin_url', 'linkedin.com/in/jane', 'invalid_linkedin_url'],
    ['linkedin_url', 'javascript:alert(1)', 'invalid_linkedin_url'],
    ['linkedin_url', 'https://user:pass@linkedin.com/in/jane', 'invalid_linkedin_url'],
    ['company_linkedin_url', 'ftp://example.com/acme', 'invalid_company_linkedin_url'],
  ])('validates %s = %j with 400 %s', async (field, value, code) => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research({ email: 'jane@example.com', [field]: value });
    expect(reply).toMatchObject({ status: 400, body: { error: code } });
  });

  it('checks the email before the optional fields', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research({ email: 'nope', linkedin_url: 'nope' });
    expect(reply.body).toEqual({ error: 'invalid_email_format' });
  });

  it('answers 400 invalid_body for JSON that is not an object', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research(['jane@example.com']);
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_body' } });
    expect(await client(fixture.engine.url, fixture.customer.key).research(null)).toMatchObject({ status: 400, body: { error: 'invalid_body' } });
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).request('POST', '/research', {
      raw: '{"email": "jane@example.com"',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it('answers 415 unsupported_media_type for a body that is not JSON', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).request('POST', '/research', {
      raw: 'email=jane@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const text = await client(fixture.engine.url, fixture.customer.key).request('POST', '/research', { raw: 'jane@example.com', headers: { 'content-type': 'text/plain' } });
    expect(text).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
  });

  it(`answers 413 payload_too_large above ${BODY_LIMIT_BYTES} bytes`, async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).research({ email: 'jane@example.com', padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(reply).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });

  it('takes no credit for a rejected request', async () => {
    const before = await creditState(fixture.engine.pool, fixture.customer.account.id);
    await client(fixture.engine.url, fixture.customer.key).research({ email: 'not-an-email' });
    await client(fixture.engine.url, 'pr_live_' + 'x'.repeat(42)).research({ email: 'jane@example.com' });
    expect(await creditState(fixture.engine.pool, fixture.customer.account.id)).toEqual(before);
  });
});

describe('authentication', () => {
  it('answers 401 missing_api_key without an Authorization header', async () => {
    const reply = await client(fixture.engine.url).research({ email: 'jane@example.com' });
    expect(reply).toMatchObject({ status: 401, body: { error: 'missing_api_key' } });
  });

  it.each(['Basic amFuZTpzZWNyZXQ=', 'Bearer', 'Bearer ', '', 'token-without-scheme'])('answers 400 missing_key_id when the header %j carries no bearer key', async (header) => {
    const reply = await client(fixture.engine.url).research({ email: 'jane@example.com' }, { authorization: header });
    expect(reply).toMatchObject({ status: 400, body: { error: 'missing_key_id' } });
  });

  it('answers 401 invalid_key for a key that is malformed or unknown', async () => {
    for (const key of ['not-a-key', `pr_live_${'A'.repeat(42)}`, `xx_live_${'A'.repeat(42)}`, `pr_live_${'A'.repeat(41)}`]) {
      const reply = await client(fixture.engine.url, key).research({ email: 'jane@example.com' });
      expect(reply, key).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
    }
  });

  it('checks the key before the body: a bad key with a bad body is 401', async () => {
    const reply = await client(fixture.engine.url, `pr_live_${'B'.repeat(42)}`).request('POST', '/research', {
      raw: '{broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
  });

  it('accepts the scheme in any case', async () => {
    const reply = await client(fixture.engine.url).research({ email: 'jane@example.com' }, { authorization: `bearer ${fixture.customer.key}` });
    expect(reply.status).toBe(202);
  });

  it('answers 401 invalid_key at once after the key is revoked, on every process', async () => {
    const other = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const second = await startTestEngine({ database: fixture.database, worker: false });
    try {
      for (const url of [fixture.engine.url, second.url]) expect((await client(url, other.key).research({ email: 'a@example.com' })).status).toBe(202);
      await revokeApiKey(fixture.engine.pool, other.keyId);
      for (const url of [fixture.engine.url, second.url]) {
        expect(await client(url, other.key).research({ email: 'a@example.com' })).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
        expect(await client(url, other.key).account()).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
      }
    } finally {
      await second.stop();
    }
  });
});

describe('api_key_has_no_product', () => {
  it('answers 400 api_key_has_no_product when the account has no product, and takes no credit', async () => {
    const bare = await createCustomer(fixture.engine.pool, { plan: 'bdr', product: false });
    const reply = await client(fixture.engine.url, bare.key).research({ email: 'jane@example.com' });
    expect(reply).toMatchObject({ status: 400, body: { error: 'api_key_has_no_product' } });
    expect((await creditState(fixture.engine.pool, bare.account.id)).used).toBe(0);
  });
});

describe('credits', () => {
  it('answers 429 credits_exhausted with used and limit once the monthly pool is spent', async () => {
    const small = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 2 });
    const api = client(fixture.engine.url, small.key);
    expect((await api.research({ email: 'a@example.com' })).status).toBe(202);
    expect((await api.research({ email: 'b@example.com' })).status).toBe(202);
    const refused = await api.research({ email: 'c@example.com' });
    expect(refused).toMatchObject({ status: 429, body: { error: 'credits_exhausted', used: 2, limit: 2 } });
    expect(Object.keys(refused.body).sort()).toEqual(['error', 'limit', 'used']);
  });

  it('answers 429 trial_limit_reached with used and limit on the Free plan (10 credits)', async () => {
    const free = await createCustomer(fixture.engine.pool, { plan: 'free' });
    const api = client(fixture.engine.url, free.key);
    for (let i = 0; i < 10; i++) expect((await api.research({ email: `p${i}@example.com` })).status).toBe(202);
    const refused = await api.research({ email: 'p10@example.com' });
    expect(refused).toMatchObject({ status: 429, body: { error: 'trial_limit_reached', used: 10, limit: 10 } });
  });

  it('accepts again after an upgrade raises the limit', async () => {
    const { updateAccount } = await import('../../src/accounts/accounts.ts');
    const small = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 1 });
    const api = client(fixture.engine.url, small.key);
    expect((await api.research({ email: 'a@example.com' })).status).toBe(202);
    expect((await api.research({ email: 'b@example.com' })).status).toBe(429);
    await updateAccount(fixture.engine.pool, small.account.id, { monthlyCredits: 5 });
    expect((await api.research({ email: 'b@example.com' })).status).toBe(202);
  });

  it('accepts exactly 10 of 100 concurrent requests against 10 remaining credits', async () => {
    const pool10 = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 10 });
    const api = client(fixture.engine.url, pool10.key);
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => api.research({ email: `lead${i}@example.com` })));
    const accepted = replies.filter((r) => r.status === 202);
    const refused = replies.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const reply of refused) expect(reply.body).toEqual({ error: 'credits_exhausted', used: 10, limit: 10 });
    expect(new Set(accepted.map((r) => r.body.research_id)).size).toBe(10);
    expect(await creditState(fixture.engine.pool, pool10.account.id)).toEqual({ used: 10, debits: 10, refunds: 0 });
    const { rows } = await fixture.engine.pool.query('SELECT count(*)::int AS jobs FROM research_jobs WHERE account_id = $1', [pool10.account.id]);
    expect(rows[0].jobs).toBe(10);
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 not_found', async () => {
    const reply = await client(fixture.engine.url, fixture.customer.key).request('GET', '/nope');
    expect(reply).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });
});
