import { describe, expect, it } from 'vitest';
import { client, createCustomer, useEngine } from '../support/engine.ts';

const fixture = useEngine({ worker: false });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describe('GET, POST /keys and DELETE /keys/{id}', () => {
  it('creates a labelled key shown once, lists it by hint, and revokes it so it stops working at once', async () => {
    const customer = await createCustomer(fixture.engine.pool, { maxKeys: 3 });
    const api = client(fixture.engine.url, customer.key);

    const created = await api.request('POST', '/keys', { body: { label: '  n8n production ' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      label: 'n8n production',
      hint: expect.stringMatching(/^pr_live_\.\.\.[A-Za-z0-9]{4}$/),
      created_at: expect.stringMatching(ISO),
      revoked_at: null,
      key: expect.stringMatching(/^pr_live_[A-Za-z0-9]{42}$/),
    });
    const { key, ...view } = created.body as { key: string; id: number };
    expect(view).toMatchObject({ hint: `pr_live_...${key.slice(-4)}` });
    expect((await client(fixture.engine.url, key).account()).status).toBe(200);

    const listed = await api.request('GET', '/keys');
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toEqual([expect.objectContaining({ id: customer.keyId, label: '' }), view]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const revoked = await api.request('DELETE', `/keys/${view.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ...view, revoked_at: expect.stringMatching(ISO) });
    expect((await client(fixture.engine.url, key).account()).body).toEqual({ error: 'invalid_key' });
  });

  it("refuses a key without a label, over the plan's limit, and another account's key", async () => {
    const customer = await createCustomer(fixture.engine.pool, { maxKeys: 1 });
    const other = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);

    for (const body of [{}, { label: '   ' }, { label: 'x'.repeat(81) }, { label: 'ok', extra: 1 }, ['label']]) {
      const answer = await api.request('POST', '/keys', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_api_key', problems: [expect.objectContaining({ message: expect.any(String) })] });
    }
    expect((await api.request('POST', '/keys', { body: { label: 'second' } })).body).toEqual({ error: 'api_key_limit_reached' });
    expect((await api.request('DELETE', `/keys/${other.keyId}`)).body).toEqual({ error: 'api_key_not_found' });
    expect((await api.request('DELETE', '/keys/nope')).body).toEqual({ error: 'api_key_not_found' });
    expect((await client(fixture.engine.url, other.key).account()).status).toBe(200);
  });
});
