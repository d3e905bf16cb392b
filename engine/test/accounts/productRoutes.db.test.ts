import { describe, expect, it } from 'vitest';
import { client, createCustomer, useEngine } from '../support/engine.ts';

const fixture = useEngine({ worker: false });

const LEDGERLY = {
  name: 'Ledgerly',
  description: 'Accounts-payable automation for mid-sized manufacturers.',
  features: ['Invoice capture', 'Three-way matching'],
  customers: ['CFOs of manufacturers'],
};

describe('GET and PUT /product', () => {
  it('sets the product research is written against, and reads it back', async () => {
    const customer = await createCustomer(fixture.engine.pool, { product: false });
    const api = client(fixture.engine.url, customer.key);
    expect(await api.request('GET', '/product')).toMatchObject({ status: 404, body: { error: 'product_not_set' } });
    // Research needs a product: the spec's refusal until one is set.
    expect((await api.research({ email: 'lead@example.com' })).body).toMatchObject({ error: 'api_key_has_no_product' });

    const put = await api.request('PUT', '/product', { body: { ...LEDGERLY, name: '  Ledgerly  ', features: ['Invoice capture ', 'Three-way matching'] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ ...LEDGERLY, updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/) });
    expect((await api.request('GET', '/product')).body).toEqual(put.body);
    expect((await api.account()).body.product).toEqual(LEDGERLY);
    expect((await api.research({ email: 'lead@example.com' })).status).toBe(202);
  });

  it('makes each PUT the current product and keeps the earlier one for the research written against it', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);
    expect((await api.research({ email: 'first@example.com' })).status).toBe(202);
    const put = await api.request('PUT', '/product', { body: { ...LEDGERLY, name: 'Ledgerly Pro' } });
    expect(put.body).toMatchObject({ name: 'Ledgerly Pro' });
    const { rows } = await fixture.engine.pool.query<{ name: string; current: boolean }>(
      `SELECT p.name, p.id = a.current_product_id AS current FROM products p JOIN accounts a ON a.id = p.account_id WHERE p.account_id = $1 ORDER BY p.id`,
      [customer.account.id],
    );
    expect(rows).toEqual([
      { name: 'Ledgerly', current: false },
      { name: 'Ledgerly Pro', current: true },
    ]);
  });

  it('refuses a product with every problem in words, and changes nothing', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const api = client(fixture.engine.url, customer.key);
    const before = (await api.request('GET', '/product')).body;

    const missing = await api.request('PUT', '/product');
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_product', problems: [{ path: '', message: expect.stringContaining('no body') }] } });

    const wrong = await api.request('PUT', '/product', { body: { name: '   ', description: 'x'.repeat(4001), features: [], customers: ['CFOs'], price: 10 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_product');
    expect((wrong.body.problems as { path: string }[]).map((problem) => problem.path).sort()).toEqual(['/description', '/features', '/name', '/price']);

    expect((await api.request('PUT', '/product', { body: ['Ledgerly'] })).body).toMatchObject({ error: 'invalid_product' });
    expect((await api.request('GET', '/product')).body).toEqual(before);
  });

  it("is the key's own account's product only", async () => {
    const acme = await createCustomer(fixture.engine.pool);
    const globex = await createCustomer(fixture.engine.pool, { product: false });
    await client(fixture.engine.url, acme.key).request('PUT', '/product', { body: { ...LEDGERLY, name: 'Acme only' } });
    expect((await client(fixture.engine.url, globex.key).request('GET', '/product')).body).toEqual({ error: 'product_not_set' });
  });
});
