import { describe, expect, it } from 'vitest';
import { client, createCustomer, useEngine } from '../support/engine.ts';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

const fixture = useEngine({ worker: false });

describe('GET /account', () => {
  it("answers the key's account: name, plan, language, decision makers, credits and product", async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'de', name: 'Acme Vertrieb' });
    const api = client(fixture.engine.url, customer.key);
    expect((await api.research({ email: 'lead@example.com' })).status).toBe(202);

    const reply = await api.account();
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['credits', 'decision_makers', 'id', 'language', 'name', 'plan', 'product']);
    const { rows } = await fixture.engine.pool.query<{ anchor: Date; next: Date }>(
      `SELECT billing_anchor AS anchor, ((billing_anchor AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' AS next
       FROM accounts WHERE id = $1`,
      [customer.account.id],
    );
    const { anchor, next } = rows[0]!;
    expect(reply.body).toEqual({
      id: customer.account.id,
      name: 'Acme Vertrieb',
      plan: 'bdr',
      language: 'de',
      decision_makers: true,
      credits: {
        used: 1,
        limit: 300,
        remaining: 299,
        cycle_started_at: expect.stringMatching(ISO_WITH_OFFSET),
        resets_at: expect.stringMatching(ISO_WITH_OFFSET),
      },
      product: {
        name: 'Ledgerly',
        description: 'Accounts-payable automation for mid-sized manufacturers.',
        features: ['Invoice capture', 'Three-way matching'],
        customers: ['CFOs of manufacturers'],
      },
    });
    const credits = reply.body.credits as { cycle_started_at: string; resets_at: string };
    // A new account's first cycle starts when it was created and resets a month later.
    expect(Date.parse(credits.cycle_started_at)).toBe(anchor.getTime());
    expect(Date.parse(credits.resets_at)).toBe(next.getTime());
  });

  it('answers the plan figures of an individual plan, and a null product for an account without one', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', product: false });
    const reply = await client(fixture.engine.url, customer.key).account();
    expect(reply.body).toMatchObject({
      plan: 'individual',
      language: 'en',
      decision_makers: false,
      credits: { used: 0, limit: 125, remaining: 125 },
      product: null,
    });
  });

  it('answers remaining 0 (never negative) when the credit override is below what was used', async () => {
    const { updateAccount } = await import('../../src/accounts/accounts.ts');
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 2 });
    const api = client(fixture.engine.url, customer.key);
    for (const email of ['a@example.com', 'b@example.com']) expect((await api.research({ email })).status).toBe(202);
    await updateAccount(fixture.engine.pool, customer.account.id, { monthlyCredits: 1 });
    expect((await api.account()).body).toMatchObject({ credits: { used: 2, limit: 1, remaining: 0 } });
  });

  it('answers 401 missing_api_key without a key and invalid_key with an unknown one', async () => {
    expect(await client(fixture.engine.url).account()).toMatchObject({ status: 401, body: { error: 'missing_api_key' } });
    expect(await client(fixture.engine.url, `pr_live_${'Q'.repeat(42)}`).account()).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
  });
});
