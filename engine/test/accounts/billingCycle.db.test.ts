import { describe, expect, it } from 'vitest';
import { creditUsage } from '../../src/accounts/credits.ts';
import { client, createCustomer, useEngine } from '../support/engine.ts';

const fixture = useEngine({ worker: false });

async function cycleStart(anchor: string, at: string): Promise<string> {
  const { rows } = await fixture.database.pool.query<{ start: Date }>('SELECT billing_cycle_start($1::timestamptz, $2::timestamptz) AS start', [anchor, at]);
  return rows[0]!.start.toISOString();
}

/**
 * A reference written independently of the SQL: the `months`-th monthly anniversary of `anchor`
 * in UTC, on the same day of the month or the month's last day when it is shorter.
 */
function anniversary(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/** The latest anniversary not after `at`, and the one after it. */
function referenceCycle(anchor: Date, at: Date): { start: Date; next: Date } {
  let months = 0;
  while (anniversary(anchor, months + 1) <= at) months++;
  return { start: anniversary(anchor, months), next: anniversary(anchor, months + 1) };
}

describe('billing_cycle_start(anchor, at)', () => {
  it.each([
    // An anchor on the 31st renews on the month's last day: Feb 29 in a leap year, then Mar 31.
    ['2024-01-31T10:00:00Z', '2024-02-15T00:00:00Z', '2024-01-31T10:00:00.000Z'],
    ['2024-01-31T10:00:00Z', '2024-02-29T09:59:59.999Z', '2024-01-31T10:00:00.000Z'],
    ['2024-01-31T10:00:00Z', '2024-02-29T10:00:00Z', '2024-02-29T10:00:00.000Z'],
    ['2024-01-31T10:00:00Z', '2024-03-30T23:59:59Z', '2024-02-29T10:00:00.000Z'],
    ['2024-01-31T10:00:00Z', '2024-03-31T10:00:00Z', '2024-03-31T10:00:00.000Z'],
    ['2024-01-31T10:00:00Z', '2024-04-30T10:00:00Z', '2024-04-30T10:00:00.000Z'],
    // Feb 28 in a common year.
    ['2023-01-31T10:00:00Z', '2023-02-28T10:00:00Z', '2023-02-28T10:00:00.000Z'],
    ['2023-01-31T10:00:00Z', '2023-02-28T09:59:59Z', '2023-01-31T10:00:00.000Z'],
    // An anchor on Feb 29 renews on Feb 28 in common years and Feb 29 in leap years, and on the 29th otherwise.
    ['2024-02-29T00:00:00Z', '2025-02-28T00:00:00Z', '2025-02-28T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2025-03-29T00:00:00Z', '2025-03-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2028-02-28T23:59:59Z', '2028-01-29T00:00:00.000Z'],
    // The anchor itself starts the first cycle; the exact anniversary instant belongs to the new cycle.
    ['2025-05-15T12:34:56Z', '2025-05-15T12:34:56Z', '2025-05-15T12:34:56.000Z'],
    ['2025-05-15T12:34:56Z', '2025-06-15T12:34:56Z', '2025-06-15T12:34:56.000Z'],
    ['2025-05-15T12:34:56Z', '2025-06-15T12:34:55.999999Z', '2025-05-15T12:34:56.000Z'],
    // Across a year end, and years later.
    ['2025-12-31T23:00:00Z', '2026-01-31T23:00:00Z', '2026-01-31T23:00:00.000Z'],
    ['2025-12-31T23:00:00Z', '2026-01-31T22:59:59Z', '2025-12-31T23:00:00.000Z'],
    ['2020-08-31T00:00:00Z', '2026-11-30T00:00:00Z', '2026-11-30T00:00:00.000Z'],
    // Offsets in the input are only notation: cycles are counted in UTC.
    ['2024-01-31T23:30:00-05:00', '2024-02-29T12:00:00Z', '2024-02-01T04:30:00.000Z'],
    ['2024-01-31T23:30:00-05:00', '2024-03-01T04:30:00Z', '2024-03-01T04:30:00.000Z'],
  ])('anchor %s, at %s -> %s', async (anchor, at, expected) => {
    expect(await cycleStart(anchor, at)).toBe(expected);
  });

  it('counts in UTC whatever the session time zone', async () => {
    // In Auckland local time this anchor is Apr 1 09:00 (+13), and daylight saving ends on Apr 7:
    // a cycle counted in local time would start at 2024-04-30T21:00Z instead.
    const connection = await fixture.database.pool.connect();
    try {
      await connection.query(`SET TIME ZONE 'Pacific/Auckland'`);
      const { rows } = await connection.query<{ start: Date }>(`SELECT billing_cycle_start('2024-03-31T20:00:00Z', '2024-04-30T20:30:00Z') AS start`);
      expect(rows[0]!.start.toISOString()).toBe('2024-04-30T20:00:00.000Z');
    } finally {
      await connection.query('RESET TIME ZONE');
      connection.release();
    }
  });

  it('agrees with an independent reference on many anchors and instants', async () => {
    // Deterministic pseudo-random cases, weighted towards month ends.
    let seed = 20240229;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const anchors: string[] = [];
    const ats: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < 500; i++) {
      const day = random() < 0.6 ? 28 + Math.floor(random() * 4) : 1 + Math.floor(random() * 31);
      // Date.UTC rolls an impossible day (Feb 30) into the next month: still a valid anchor.
      const anchor = new Date(Date.UTC(2019 + Math.floor(random() * 8), Math.floor(random() * 12), day, Math.floor(random() * 24), Math.floor(random() * 60)));
      const at = new Date(anchor.getTime() + Math.floor(random() * 4 * 365 * 86_400_000));
      anchors.push(anchor.toISOString());
      ats.push(at.toISOString());
      expected.push(referenceCycle(anchor, at).start.toISOString());
    }
    // Exact anniversaries, and a millisecond before them.
    for (let i = 0; i < 100; i++) {
      const anchor = new Date(anchors[i]!);
      const boundary = anniversary(anchor, 1 + (i % 30));
      anchors.push(anchor.toISOString(), anchor.toISOString());
      ats.push(boundary.toISOString(), new Date(boundary.getTime() - 1).toISOString());
      expected.push(boundary.toISOString(), anniversary(anchor, i % 30).toISOString());
    }
    const { rows } = await fixture.database.pool.query<{ start: Date }>(
      `SELECT billing_cycle_start(a, t) AS start FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS x(a, t, n) ORDER BY n`,
      [anchors, ats],
    );
    const mismatches = rows.map((row, i) => ({ anchor: anchors[i], at: ats[i], got: row.start.toISOString(), expected: expected[i] })).filter((row) => row.got !== row.expected);
    expect(mismatches).toEqual([]);
  });
});

describe('credits reset at the start of a billing cycle', () => {
  it('gives a fresh pool in the new cycle and keeps the old cycle in the ledger', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 2 });
    const api = client(fixture.engine.url, customer.key);
    expect((await api.research({ email: 'a@example.com' })).status).toBe(202);
    expect((await api.research({ email: 'b@example.com' })).status).toBe(202);
    expect(await api.research({ email: 'c@example.com' })).toMatchObject({ status: 429, body: { error: 'credits_exhausted', used: 2, limit: 2 } });
    const oldCycle = await creditUsage(fixture.engine.pool, customer.account.id);

    // 40 days later (as if): the anchor moves back, so now lies in the cycle after the anchor's first anniversary.
    const { rows } = await fixture.engine.pool.query<{ billing_anchor: Date }>(
      `UPDATE accounts SET billing_anchor = date_trunc('second', now()) - interval '40 days' WHERE id = $1 RETURNING billing_anchor`,
      [customer.account.id],
    );
    const anchor = rows[0]!.billing_anchor;
    const reference = referenceCycle(anchor, new Date());

    const fresh = await creditUsage(fixture.engine.pool, customer.account.id);
    expect(fresh).toEqual({ used: 0, limit: 2, remaining: 2, cycleStart: reference.start, resetsAt: reference.next });
    expect(fresh.cycleStart).toEqual(anniversary(anchor, 1));

    expect((await api.research({ email: 'c@example.com' })).status).toBe(202);
    expect(await creditUsage(fixture.engine.pool, customer.account.id)).toMatchObject({ used: 1, remaining: 1 });

    const { rows: cycles } = await fixture.engine.pool.query<{ cycle_start: Date; used: number }>('SELECT cycle_start, used FROM credit_cycles WHERE account_id = $1 ORDER BY cycle_start', [
      customer.account.id,
    ]);
    expect(cycles).toHaveLength(2);
    expect(cycles).toEqual(
      expect.arrayContaining([
        { cycle_start: oldCycle.cycleStart, used: 2 },
        { cycle_start: fresh.cycleStart, used: 1 },
      ]),
    );
    const { rows: ledger } = await fixture.engine.pool.query<{ cycle_start: Date; kind: string }>('SELECT cycle_start, kind FROM credit_ledger WHERE account_id = $1 ORDER BY id', [
      customer.account.id,
    ]);
    expect(ledger).toEqual([
      { cycle_start: oldCycle.cycleStart, kind: 'debit' },
      { cycle_start: oldCycle.cycleStart, kind: 'debit' },
      { cycle_start: fresh.cycleStart, kind: 'debit' },
    ]);
  });

  it('reports resets_at as the next cycle start, for anchors at month ends too', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', product: false });
    for (const anchor of ['2020-01-31T10:00:00Z', '2020-02-29T23:59:59Z', '2021-03-30T00:00:00Z', '2024-12-31T23:00:00Z', '2019-05-15T08:00:00Z']) {
      await fixture.engine.pool.query('UPDATE accounts SET billing_anchor = $2 WHERE id = $1', [customer.account.id, anchor]);
      const usage = await creditUsage(fixture.engine.pool, customer.account.id);
      const reference = referenceCycle(new Date(anchor), new Date());
      expect({ anchor, cycleStart: usage.cycleStart, resetsAt: usage.resetsAt }).toEqual({ anchor, cycleStart: reference.start, resetsAt: reference.next });
    }
  });
});
