import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { autopilotErrorSchema, contactRemovedSchema } from '../../../src/autopilot/contract.ts';
import { leadRow, queuedJobs, touchStates, useOutcomesEngine } from './support.ts';

const { fixture, newCustomer } = useOutcomesEngine();

const ajv = new Ajv({ strict: true });
const isRemoved = ajv.compile(contactRemovedSchema);
const isError = ajv.compile(autopilotErrorSchema);

async function remove(http: Awaited<ReturnType<typeof newCustomer>>['http'], contactId: string) {
  const reply = await http.request('DELETE', `/autopilot/contacts/${encodeURIComponent(contactId)}`);
  if (reply.status === 200) expect(isRemoved(reply.body), JSON.stringify(isRemoved.errors)).toBe(true);
  else expect(isError(reply.body), JSON.stringify(isError.errors)).toBe(true);
  return reply;
}

describe('DELETE /autopilot/contacts/{id}: a contact removed in the CRM', () => {
  it("closes an enrolled contact's active lead (closed_manually) and cancels its queued touches; again, nothing changes", async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId, touchIds } = await lead(await autopilot());
    const reply = await remove(http, contactId);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: contactId, state: 'enrolled', withdrawn: false, closed_lead: leadId });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'closed_manually' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    const again = await remove(http, contactId);
    expect(again.body).toMatchObject({ withdrawn: false, closed_lead: null });
    expect(again.body.text).toContain('had ended (Closed, closed_manually)');
  });

  it('withdraws a contact still being routed: abandoned (removed_in_crm), never routed again, no lead', async () => {
    const { crm, http } = await newCustomer();
    // Received, not routed yet (no worker runs here): still being routed.
    expect((await crm.send([{ id: 'w-1', created_at: new Date().toISOString(), properties: { email: 'anna@acme-logistik.de' } }])).status).toBe(202);
    const reply = await remove(http, 'w-1');
    expect(reply.body).toMatchObject({ id: 'w-1', state: 'abandoned', withdrawn: true, closed_lead: null });
    const routing = await http.request('GET', '/autopilot/contacts/w-1');
    expect(routing.body).toMatchObject({ state: 'abandoned', reason: 'removed_in_crm', lead: null });
    expect((routing.body.explanation as { text: string }).text).toContain('Removed in the CRM');
    const { rows } = await fixture.engine.pool.query('SELECT next_check_at FROM autopilot_contacts WHERE contact_id = $1', ['w-1']);
    expect(rows[0].next_check_at).toBeNull();
  });

  it('answers 404 contact_not_found for a contact the CRM never sent, whatever its id', async () => {
    const { http } = await newCustomer();
    for (const id of ['never-sent', 'a\nb', 'a/b']) {
      const reply = await remove(http, id);
      expect(reply.status, id).toBe(404);
      expect(reply.body.error, id).toBe('contact_not_found');
    }
  });
});
