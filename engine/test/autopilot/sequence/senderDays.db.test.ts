import { describe, expect, it } from 'vitest';
import { forgetPastDays } from '../../../src/autopilot/sequence/senderLoad.ts';
import { useEngine } from '../../support/engine.ts';

/** The senders' day counts (autopilot_sender_days): kept while a sender may still live in the day. */
const fixture = useEngine({ worker: false });

describe("the senders' past days", () => {
  it("are deleted once no zone's today is theirs; today's and yesterday's everywhere stay", async () => {
    const now = new Date('2030-06-03T00:30:00Z');
    // Kiritimati (UTC+14) is already on 3 June; Pago Pago (UTC-11) still on 2 June.
    const days = ['2030-05-20', '2030-05-31', '2030-06-01', '2030-06-02', '2030-06-03', '2030-06-04'];
    for (const [i, day] of days.entries()) {
      await fixture.engine.pool.query(`INSERT INTO autopilot_sender_days (channel, sender_id, day, touches, invitations) VALUES ('email', $1, $2, 3, 0)`, [i + 1, day]);
    }
    expect(await forgetPastDays(fixture.engine.pool, now)).toBe(2);
    const { rows } = await fixture.engine.pool.query<{ day: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM autopilot_sender_days ORDER BY day`);
    expect(rows.map((row) => row.day)).toEqual(['2030-06-01', '2030-06-02', '2030-06-03', '2030-06-04']);
  });
});
