import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { contactParameters, contactPathOf } from './contactId';
import { eachItem, instant } from '../eachItem';

const properties: INodeProperties[] = [
  ...contactParameters,
  {
    displayName: 'Activity',
    name: 'activityType',
    type: 'options',
    options: [
      { name: 'Call', value: 'call' },
      { name: 'Meeting Booked', value: 'meeting' },
      { name: 'Email Reply', value: 'email_reply' },
    ],
    default: 'call',
    description: 'What was logged on the contact in the CRM',
  },
  {
    displayName: 'Occurred At',
    name: 'occurredAt',
    type: 'string',
    required: true,
    default: '={{ $now.toISO() }}',
    placeholder: '2030-01-08T14:05:00+01:00',
    description: 'When the call happened, when the meeting was booked (not when it takes place), when the reply arrived (ISO 8601)',
  },
  {
    displayName: 'Call Outcome',
    name: 'callOutcome',
    type: 'options',
    displayOptions: { show: { activityType: ['call'] } },
    options: [
      { name: 'Connected', value: 'connected' },
      { name: 'Not Connected', value: 'notConnected' },
      { name: 'By Disposition', value: 'disposition', description: 'Connected when the disposition is "Connected"' },
    ],
    default: 'connected',
    description: 'Whether the call connected: a connected call ends the lead as a win when its stop condition is on',
  },
  {
    displayName: 'Disposition',
    name: 'disposition',
    type: 'string',
    displayOptions: { show: { activityType: ['call'], callOutcome: ['disposition'] } },
    default: '',
    placeholder: 'Connected',
    description: "The call's outcome as the CRM names it",
  },
  {
    displayName: 'Reply Text',
    name: 'text',
    type: 'string',
    typeOptions: { rows: 4 },
    displayOptions: { show: { activityType: ['email_reply'] } },
    default: '',
    description: "The reply's text, kept on the lead's timeline. Never read to spot an auto-reply: send the subject for that.",
  },
  {
    displayName: 'Subject',
    name: 'subject',
    type: 'string',
    displayOptions: { show: { activityType: ['email_reply'] } },
    default: '',
    placeholder: 'Re: Your pricing guide',
    description:
      'The reply\'s subject line (optional). One an auto-responder writes ("Automatic reply: ...", "Out of Office: ...", "Abwesenheitsnotiz: ...") makes it an auto-reply: recorded, never a win.',
  },
  {
    displayName: 'Activity ID',
    name: 'activityId',
    type: 'string',
    default: '',
    description: "The CRM's ID of the activity: the same ID twice is one activity (optional)",
  },
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['logActivity'] } }, properties);

/** POST /autopilot/contacts/{id}/activities: `effect` says what it did (ended_lead, recorded, auto_reply, no_lead...). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const type = this.getNodeParameter('activityType', itemIndex) as string;
    const body: IDataObject = { type, occurred_at: instant(this, this.getNodeParameter('occurredAt', itemIndex), 'Occurred At', itemIndex) };
    const activityId = String(this.getNodeParameter('activityId', itemIndex, '') ?? '').trim();
    if (activityId !== '') body.id = activityId;
    if (type === 'call') {
      const outcome = this.getNodeParameter('callOutcome', itemIndex, 'connected') as string;
      if (outcome === 'disposition') body.disposition = String(this.getNodeParameter('disposition', itemIndex, '') ?? '');
      else body.connected = outcome === 'connected';
    }
    if (type === 'email_reply') {
      const text = String(this.getNodeParameter('text', itemIndex, '') ?? '');
      if (text.trim() !== '') body.text = text;
      const subject = String(this.getNodeParameter('subject', itemIndex, '') ?? '');
      if (subject.trim() !== '') body.subject = subject;
    }
    return await apiRequest.call(this, 'POST', contactPathOf(this, itemIndex, '/activities'), itemIndex, body);
  });
}
