import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type ContactList = Json<paths['/autopilot/contacts']['get']['responses'][200]>;
export type ContactRow = ContactList['contacts'][number];
export type Contact = Json<paths['/autopilot/contacts/{id}']['get']['responses'][200]>;
export type Explanation = NonNullable<Contact['explanation']>;
export type ContactState = Contact['state'];
export type ContactReason = NonNullable<Contact['reason']>;
export type ByHand = Json<paths['/autopilot/contacts/{id}/assign']['post']['responses'][200]>;
type ListQuery = NonNullable<paths['/autopilot/contacts']['get']['parameters']['query']>;

/** The search and filters of the list, as the page's address holds them. */
export type ContactFilters = Pick<ListQuery, 'search' | 'state' | 'reason' | 'autopilot' | 'received_from' | 'received_to'>;

const PAGE = 50;

/** The contacts newest first, a page at a time ("Load more" asks for the next). */
export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: ['contacts', 'list', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/autopilot/contacts', { params: { query: { ...filters, limit: PAGE, before: pageParam } } })),
    getNextPageParam: (page) => page.next_before ?? undefined,
    // A new search keeps the last answer on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

/** A contact: where routing put it, and why. */
export function useContact(id: string, source: string | undefined) {
  return useQuery({
    queryKey: ['contacts', 'one', source ?? 'api', id],
    queryFn: () => data(api.GET('/autopilot/contacts/{id}', { params: { path: { id }, query: source ? { source } : {} } })),
  });
}

/** Routing by hand: `reprocess`, or `assign` to the Autopilot named. */
export type ByHandAction = { kind: 'reprocess' } | { kind: 'assign'; autopilot: string };

function routeByHand(id: string, source: string | undefined, action: ByHandAction, dryRun: boolean): Promise<ByHand> {
  const query = { ...(source ? { source } : {}), ...(dryRun ? { dry_run: 'true' as const } : {}) };
  const path = { id };
  return action.kind === 'reprocess'
    ? data(api.POST('/autopilot/contacts/{id}/reprocess', { params: { path, query } }))
    : data(api.POST('/autopilot/contacts/{id}/assign', { params: { path, query }, body: { autopilot: action.autopilot } }));
}

/** What routing by hand would do and cost, asked of the engine without doing it (a dry run). */
export function useByHandCost(id: string, source: string | undefined, action: ByHandAction | null) {
  return useQuery({
    queryKey: ['contacts', 'cost', source ?? 'api', id, action],
    enabled: action !== null,
    queryFn: () => routeByHand(id, source, action!, true),
    gcTime: 0,
  });
}

/** Routes it by hand for real: the contact, its list and the credits are read again. */
export function useRouteByHand(id: string, source: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ByHandAction) => routeByHand(id, source, action, false),
    onSuccess: (answer) => {
      queryClient.setQueryData(['contacts', 'one', source ?? 'api', id], answer.contact);
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

/** The account's credits, as the Credits page reads them. */
export function useCredits() {
  return useQuery({ queryKey: ['account'], queryFn: () => data(api.GET('/account')), select: (account) => account.credits });
}

/** The live Autopilots, by name, for the filter and for assigning. */
export function useAutopilotNames() {
  return useQuery({
    queryKey: ['autopilots', 'live'],
    queryFn: async () => (await data(api.GET('/autopilots'))).autopilots,
    select: (autopilots) => autopilots.map((autopilot) => ({ name: autopilot.name, enabled: autopilot.enabled })),
  });
}
