import type { INodePropertyOptions } from 'n8n-workflow';

/** The engine's event types (docs/events.md), as the trigger offers them; test/nodes holds them to the engine's list. */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
  { name: 'Contact Abandoned', value: 'contact.abandoned', description: "A contact's queue wait ended with no Autopilot taking it, or the CRM removed it" },
  { name: 'Contact Skipped', value: 'contact.skipped', description: 'Routing skipped a contact (a skip rule)' },
  { name: 'Contact Waiting', value: 'contact.waiting', description: 'A contact began to wait (no Autopilot matches yet, no email...)' },
  { name: 'Credits Threshold', value: 'credits.threshold', description: "The billing cycle's use reached 75% or 95% of the monthly credits" },
  { name: 'Lead Closed', value: 'lead.closed', description: 'A lead ended otherwise: closed by hand, the sequence ended, unsubscribed' },
  { name: 'Lead Enrolled', value: 'lead.enrolled', description: 'A contact was enrolled in an Autopilot: a new lead' },
  { name: 'Lead Responded', value: 'lead.responded', description: 'A lead ended as a win: replied, call connected, meeting booked, invite accepted' },
  { name: 'Touch Sent', value: 'touch.sent', description: 'A touch of a sequence went out' },
  { name: 'Touch Skipped', value: 'touch.skipped', description: 'A touch of a sequence was skipped' },
];
