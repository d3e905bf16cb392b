import type { PoolClient } from '../../platform/database/database.ts';
import { addJobs } from '../../platform/queue/tasks.ts';
import type { StoredTouch } from '../contract.ts';
import { planTouches } from '../pacing/dayPlan.ts';
import { planningCalendar } from '../pacing/leadCalendar.ts';
import { leadPlaces } from '../pacing/zones.ts';
import { SEND_TOUCH_TASK, touchJobKey } from './ports.ts';

/** How many send_touch jobs go into graphile-worker per statement. */
const JOBS_PER_STATEMENT = 1000;

export interface NewLead {
  leadId: number;
  /** Its Autopilot's sequence, of the revision that enrolled it (the routing table's). */
  sequence: readonly StoredTouch[];
  properties: Readonly<Record<string, unknown>>;
  /** Its research was started with the enrolment (not an earlier one reused): it is not finished yet. */
  researchStarted: boolean;
}

/**
 * A lead whose research has just started gets no touch before this long after enrolment: the send task
 * would only find the research running and look again a minute later (RESEARCH_RECHECK_MS), so the
 * job is not run for nothing.
 */
export const RESEARCH_FIRST_LOOK_MS = 60_000;
const RESEARCH_HELD = "waiting for the lead's research to finish";

/**
 * Lays out the sequences of leads just enrolled, in the enrolment's transaction: one touch per step of
 * its Autopilot's sequence (the step frozen in `spec`), planned at 09:00 on its day in the lead's zone
 * (UTC when unknown; see pacing/dayPlan.ts), and one send_touch job per touch, keyed `touch:<id>`,
 * run when it is due (a minute after enrolment at the soonest while its research runs). A few set-based statements per batch, however many leads.
 */
export async function planSequences(client: PoolClient, accountId: number, enrolledAt: Date, leads: readonly NewLead[]): Promise<number> {
  const touches = {
    lead: [] as number[],
    step: [] as number[],
    spec: [] as string[],
    channel: [] as string[],
    kind: [] as string[],
    planned: [] as Date[],
    due: [] as Date[],
    held: [] as (string | null)[],
  };
  const researchDone = new Date(enrolledAt.getTime() + RESEARCH_FIRST_LOOK_MS);
  // The leads of a batch mostly share a place and a sequence's days: each different pair is planned once.
  const placeOf = leadPlaces();
  const plans = new Map<string, ReturnType<typeof planTouches>>();
  for (const lead of leads) {
    if (lead.sequence.length === 0) continue;
    const place = placeOf(lead.properties);
    const days = lead.sequence.map((step) => step.day);
    const key = JSON.stringify([place.zone, place.country, days]);
    let plan = plans.get(key);
    if (plan === undefined) plans.set(key, (plan = planTouches(enrolledAt, days, planningCalendar(place))));
    lead.sequence.forEach((step, index) => {
      const { plannedAt, dueAt } = plan[index]!;
      const waits = lead.researchStarted && dueAt < researchDone;
      touches.lead.push(lead.leadId);
      touches.step.push(index);
      touches.spec.push(JSON.stringify(step));
      touches.channel.push(step.channel);
      touches.kind.push(step.kind);
      touches.planned.push(plannedAt);
      touches.due.push(waits ? researchDone : dueAt);
      touches.held.push(waits ? RESEARCH_HELD : null);
    });
  }
  if (touches.lead.length === 0) return 0;
  const { rows } = await client.query<{ id: string; due_at: Date }>(
    `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at, held_reason)
     SELECT $1, t.lead_id, t.step, t.spec, t.channel, t.kind, t.planned_at, t.due_at, t.held_reason
     FROM unnest($2::bigint[], $3::int[], $4::jsonb[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::text[])
       AS t (lead_id, step, spec, channel, kind, planned_at, due_at, held_reason)
     RETURNING id, due_at`,
    [accountId, touches.lead, touches.step, touches.spec, touches.channel, touches.kind, touches.planned, touches.due, touches.held],
  );
  for (let start = 0; start < rows.length; start += JOBS_PER_STATEMENT) {
    const batch = rows.slice(start, start + JOBS_PER_STATEMENT);
    await addJobs(
      client,
      SEND_TOUCH_TASK,
      batch.map((row) => ({ payload: { touchId: Number(row.id) }, spec: { jobKey: touchJobKey(row.id), runAt: row.due_at } })),
    );
  }
  return rows.length;
}
