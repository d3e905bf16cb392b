import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { eachItem } from '../eachItem';
import { limitOf, readPages, returnAllParameters, textFilter, timeFilter } from '../getMany';

/** Where routing puts a contact (docs/autopilot.md, "Routing"). */
const STATES = ['abandoned', 'enrolled', 'received', 'skipped', 'waiting'];

/** The engine answers up to 200 contacts a page. */
export const MAX_CONTACTS_PER_PAGE = 200;

const properties: INodeProperties[] = [
  ...returnAllParameters,
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    options: [
      {
        displayName: 'Autopilot',
        name: 'autopilot',
        type: 'string',
        default: '',
        placeholder: 'EMEA SaaS',
        description: 'Only the contacts this Autopilot enrolled or holds (its name, any case)',
      },
      { displayName: 'Received After', name: 'receivedFrom', type: 'dateTime', default: '', description: 'Only contacts received at or after this time' },
      { displayName: 'Received Before', name: 'receivedTo', type: 'dateTime', default: '', description: 'Only contacts received before this time' },
      {
        displayName: 'Search',
        name: 'search',
        type: 'string',
        default: '',
        placeholder: 'jane',
        description: 'Text anywhere in the email address or the first and last names (any case)',
      },
      {
        displayName: 'State',
        name: 'state',
        type: 'options',
        default: 'waiting',
        options: STATES.map((state) => ({ name: state[0]!.toUpperCase() + state.slice(1), value: state })),
        description: 'Only the contacts routing put here',
      },
    ],
  },
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['getAll'] } }, properties);

/**
 * GET /autopilot/contacts (the list the dashboard shows): one item per contact, newest first, with where
 * routing put it and its lead, up to Limit or, with Return All, every page (the engine's `next_before`).
 */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
    const query = {
      search: textFilter(filters.search),
      state: filters.state as string | undefined,
      autopilot: textFilter(filters.autopilot),
      received_from: timeFilter(this, filters.receivedFrom, 'Received After', itemIndex),
      received_to: timeFilter(this, filters.receivedTo, 'Received Before', itemIndex),
    };
    const list = { path: '/autopilot/contacts', entries: 'contacts', next: 'next_before', cursor: 'before', maxPage: MAX_CONTACTS_PER_PAGE };
    return await readPages(this, itemIndex, list, query, limitOf(this, itemIndex));
  });
}
