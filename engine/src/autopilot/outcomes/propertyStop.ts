import type { PoolClient } from '../../platform/database/database.ts';
import type { ContactProperties, PropertiesAccepted } from '../contract.ts';
import { propertyOf, readContactValue } from '../filter/contactValue.ts';
import type { CrmSource } from '../intake/source.ts';
import { lockLead } from './timelineRecords.ts';
import { applyEvent } from './signals.ts';

/** How a property change reads for a stop condition: as text, the way filters read values (`;` parts, trimmed). */
function valueOf(properties: ContactProperties, property: string) {
  return readContactValue(propertyOf(properties, property));
}

/** Whether the value holds the stop condition's value: the whole of it, or one of its `;` parts, in any case. */
function holds(value: ReturnType<typeof valueOf>, wanted: string): boolean {
  const key = wanted.trim().toLowerCase();
  return value.known && (value.whole.toLowerCase() === key || value.parts.some((part) => part.toLowerCase() === key));
}

/**
 * The CRM property-change stop, in the transaction that merged the change into the contact: the
 * contact's active lead ends `property_changed` (`Closed`) when a stop condition's property really
 * changed: to the condition's value when it has one (it did not hold that value before), to anything
 * else when it has none. The same value sent again is no change. Answers what it ended, or undefined.
 */
export async function stopOnPropertyChange(
  client: PoolClient,
  { accountId, source }: CrmSource,
  contactId: string,
  before: ContactProperties,
  changes: ContactProperties,
  now: Date,
): Promise<PropertiesAccepted['ended_lead']> {
  const lead = await lockLead(client, accountId, { source, contactId });
  if (!lead || lead.outcome !== 'Active') return undefined;
  for (const condition of lead.stop.property_changes) {
    if (propertyOf(changes, condition.property) === undefined) continue;
    const from = valueOf(before, condition.property);
    const to = valueOf(changes, condition.property);
    const wanted = condition.value?.trim() ? condition.value : null;
    const met = wanted === null ? from.whole !== to.whole : holds(to, wanted) && !holds(from, wanted);
    if (!met) continue;
    await applyEvent(
      client,
      lead,
      {
        kind: 'property_change',
        channel: null,
        occurredAt: now,
        dedupeKey: null,
        detail: { property: condition.property, value: wanted, from: from.known ? from.whole : null, to: to.known ? to.whole : null },
      },
      { kind: 'end', reason: 'property_changed' },
      now,
    );
    return { id: lead.id, outcome: 'Closed', end_reason: 'property_changed', property: condition.property };
  }
  return undefined;
}
