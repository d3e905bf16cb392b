import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { eachItem } from '../eachItem';
import { limitOf, readPages, returnAllParameters, textFilter, timeFilter } from '../getMany';

/** The engine's lead outcomes and end reasons (docs/autopilot.md, "Leads"). */
const OUTCOMES = ['Active', 'Responded', 'Closed', 'Failed'];
const END_REASONS: Array<[name: string, value: string]> = [
  ['Autopilot Archived', 'autopilot_archived'],
  ['Call Connected', 'call_connected'],
  ['Closed Manually', 'closed_manually'],
  ['Domain Excluded', 'domain_excluded'],
  ['Fell Behind', 'fell_behind'],
  ['Invite Accepted', 'invite_accepted'],
  ['Meeting Booked', 'meeting_booked'],
  ['No Reachable Channel', 'no_reachable_channel'],
  ['Property Changed', 'property_changed'],
  ['Replied', 'replied'],
  ['Sequence Ended', 'sequence_ended'],
  ['Unsubscribed', 'unsubscribed'],
];

/** The engine answers up to 1,000 leads a page. */
export const MAX_LEADS_PER_PAGE = 1000;

const properties: INodeProperties[] = [
  ...returnAllParameters,
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    options: [
      { displayName: 'Autopilot', name: 'autopilot', type: 'string', default: '', placeholder: 'EMEA SaaS', description: "Only this Autopilot's leads (its name, any case)" },
      {
        displayName: 'Email Starts With',
        name: 'email',
        type: 'string',
        default: '',
        placeholder: 'jane.doe@',
        description: "The start of the contact's email address, or all of it (any case)",
      },
      {
        displayName: 'End Reason',
        name: 'endReason',
        type: 'options',
        default: 'replied',
        options: END_REASONS.map(([name, value]) => ({ name, value })),
        description: 'Only leads that ended for this reason',
      },
      { displayName: 'Enrolled After', name: 'enrolledFrom', type: 'dateTime', default: '', description: 'Only leads enrolled at or after this time' },
      { displayName: 'Enrolled Before', name: 'enrolledTo', type: 'dateTime', default: '', description: 'Only leads enrolled before this time' },
      {
        displayName: 'Outcome',
        name: 'outcome',
        type: 'options',
        default: 'Active',
        options: OUTCOMES.map((outcome) => ({ name: outcome, value: outcome })),
        description: 'Only leads with this outcome',
      },
    ],
  },
  {
    displayName: 'Sort',
    name: 'sort',
    type: 'options',
    default: 'newest',
    options: [
      { name: 'Newest First', value: 'newest' },
      { name: 'Oldest First', value: 'oldest' },
      { name: 'Recently Ended First', value: 'recently_ended', description: 'Those that ended last first, active ones after them' },
    ],
    description: 'The order of the leads',
  },
];

export const description = updateDisplayOptions({ show: { resource: ['lead'], operation: ['getAll'] } }, properties);

/**
 * GET /autopilot/leads: one item per lead (without its timeline; Get reads it), filtered and sorted as
 * asked, up to Limit or, with Return All, every page (the engine's `next_cursor`).
 */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
    const query = {
      autopilot: textFilter(filters.autopilot),
      outcome: filters.outcome as string | undefined,
      end_reason: filters.endReason as string | undefined,
      email: textFilter(filters.email),
      enrolled_from: timeFilter(this, filters.enrolledFrom, 'Enrolled After', itemIndex),
      enrolled_to: timeFilter(this, filters.enrolledTo, 'Enrolled Before', itemIndex),
      sort: this.getNodeParameter('sort', itemIndex, 'newest') as string,
    };
    const list = { path: '/autopilot/leads', entries: 'leads', next: 'next_cursor', cursor: 'cursor', maxPage: MAX_LEADS_PER_PAGE };
    return await readPages(this, itemIndex, list, query, limitOf(this, itemIndex));
  });
}
