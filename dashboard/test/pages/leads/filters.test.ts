import { describe, expect, it } from 'vitest';
import { filtersFrom, searchFor } from '../../../src/pages/leads/filters';
import { csvHref, leadQuery } from '../../../src/pages/leads/leadsApi';

describe("the Leads page's filters", () => {
  it('read from the address only what each can be, and write back only those set', () => {
    const filters = filtersFrom(new URLSearchParams('outcome=Active&end_reason=won&from=2026-11-01&to=yesterday&email=%20jane%20&sort=oldest&autopilot=DACH'));
    expect(filters).toEqual({ autopilot: 'DACH', outcome: 'Active', end_reason: undefined, from: '2026-11-01', to: undefined, email: 'jane', sort: 'oldest' });
    expect(searchFor(filters).toString()).toBe('autopilot=DACH&outcome=Active&from=2026-11-01&email=jane&sort=oldest');
    expect(searchFor({ sort: 'newest' }).toString()).toBe('');
  });

  it("ask the engine for the viewer's whole days, and the CSV for the same leads", () => {
    const query = leadQuery({ from: '2026-11-01', to: '2026-11-02', outcome: 'Closed' });
    expect(new Date(query.enrolled_from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(query.enrolled_to!).getTime()).toBe(new Date(2026, 10, 3).getTime());
    expect(csvHref({ outcome: 'Closed', email: 'a b' })).toMatch(/\/autopilot\/leads\.csv\?outcome=Closed&email=a\+b$/);
    expect(csvHref({})).toMatch(/\/autopilot\/leads\.csv$/);
  });
});
