import { describe, expect, it } from 'vitest';
import { crmPort } from '../../../src/autopilot/intake/crmPort.ts';
import { leadOutcomes } from '../../../src/autopilot/outcomes/signals.ts';
import { cliFor } from '../../support/runCli.ts';
import { useOutcomesEngine } from './support.ts';

/** `prospect-engine leads show|close` and `autopilots stats`, as ops run them, against the engine's database. */
const { clock, fixture, newCustomer } = useOutcomesEngine();

describe('the outcomes CLI', () => {
  it('leads show prints the lead and its timeline readably; leads close closes it once; autopilots stats counts it', async () => {
    const cli = cliFor(fixture.database.url);
    clock.set('2030-01-07T09:00:00Z');
    const { autopilot, lead, accountId } = await newCustomer();
    const account = String(accountId);
    const { leadId, touchIds } = await lead(await autopilot());
    await fixture.engine.pool.query(
      `UPDATE autopilot_touches SET state = 'sent', sent_at = due_at, ended_at = due_at, subject = 'Your pricing guide', body = E'Hi Jana,\nthanks for reading.' WHERE id = $1`,
      [touchIds[0]],
    );
    clock.set('2030-01-07T12:05:00Z');
    await leadOutcomes(fixture.engine.pool, clock).replied({ accountId, leadId, channel: 'email', occurredAt: new Date('2030-01-07T12:00:00Z'), dedupeKey: 'r', text: 'Tell me more.' });

    const shown = await cli.run('leads', 'show', '--account', account, String(leadId));
    expect(shown.code, shown.stderr).toBe(0);
    const text = shown.stdout;
    expect(text).toMatch(/outcome: +Responded/);
    expect(text).toMatch(/end_reason: +replied/);
    const timeline = text.slice(text.indexOf('timeline'));
    expect(timeline.indexOf('enrolled in "EMEA SaaS" (matched)')).toBeGreaterThan(0);
    expect(timeline).toContain('2030-01-07T10:00:00.000+00:00  step 1 (day 1) email: sent');
    expect(timeline).toContain('subject: Your pricing guide');
    expect(timeline).toContain('      Hi Jana,\n');
    expect(timeline).toContain('reply on email: ended the lead (replied)');
    expect(timeline).toContain('Tell me more.');
    expect(timeline).toMatch(/2030-01-07T12:05:00.000\+00:00  step 2 \(day 3\) email: cancelled/);
    const order = ['enrolled in', 'step 1', 'reply on email', 'ended: Responded (replied)', 'step 2'].map((words) => timeline.indexOf(words));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await cli.json('leads', 'show', '--account', account, '--lead', String(leadId))).toMatchObject({ id: leadId, timeline: [{ type: 'enrolled' }, {}, {}, {}, {}] });

    const afterWin = await cli.json('leads', 'close', '--account', account, String(leadId));
    expect(afterWin).toMatchObject({ closed: false, lead: { outcome: 'Responded' } });
    const other = await lead(await autopilot());
    // An auto-reply the CRM logged reads as one, with what gave it away.
    await crmPort(fixture.engine.pool, clock).activityLogged({ accountId, source: 'api' }, other.contactId, {
      type: 'email_reply',
      occurredAt: clock.now(),
      id: 'e-1',
      subject: 'Automatic reply: Your pricing guide',
    });
    const auto = await cli.run('leads', 'show', '--account', account, String(other.leadId));
    expect(auto.stdout).toContain(
      'reply on email: recorded, an auto-reply (its subject "Automatic reply: Your pricing guide") [id "e-1", source "crm", subject "Automatic reply: Your pricing guide"]',
    );
    expect(auto.stdout).toMatch(/outcome: +Active/);
    const closed = await cli.run('leads', 'close', '--account', account, String(other.leadId));
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain('Closed manually');
    expect((await cli.fails('leads', 'close', '--account', account, '999999')).code).toBe(2);

    const stats = await cli.run('autopilots', 'stats', '--account', account);
    expect(stats.code).toBe(0);
    expect(stats.stdout.split('\n')[0]).toMatch(/^autopilot +enrolled +active +responded +closed +failed +responded_rate$/);
    expect(stats.stdout.split('\n')[1]).toMatch(/^EMEA SaaS +2 +0 +1 +1 +0 +50\.0%$/);
    expect(await cli.json('autopilots', 'stats', '--account', account, '--name', 'emea saas')).toMatchObject({ autopilots: [{ enrolled: 2, responded_rate: 0.5 }] });
  });
});
