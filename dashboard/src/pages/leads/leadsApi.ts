import { keepPreviousData, type QueryClient, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';
import type { LeadFilters } from './filters';

export type LeadList = Json<paths['/autopilot/leads']['get']['responses'][200]>;
export type Lead = LeadList['leads'][number];
export type LeadDetail = Json<paths['/autopilot/leads/{id}']['get']['responses'][200]>;
export type TimelineEntry = LeadDetail['timeline'][number];
export type LeadQuery = NonNullable<paths['/autopilot/leads']['get']['parameters']['query']>;

export const PAGE_SIZE = 50;

/** The engine's query for the filters: the dates of the viewer's calendar, from the start of the first day to the end of the last. */
export function leadQuery(filters: LeadFilters): LeadQuery {
  const startOf = (day: string, plus = 0) => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year!, month! - 1, date! + plus).toISOString();
  };
  return {
    autopilot: filters.autopilot,
    outcome: filters.outcome,
    end_reason: filters.end_reason,
    email: filters.email,
    sort: filters.sort,
    enrolled_from: filters.from ? startOf(filters.from) : undefined,
    enrolled_to: filters.to ? startOf(filters.to, 1) : undefined,
  };
}

/** The leads the filters match, a page at a time ("Load more" asks for the next by its cursor). */
export function useLeads(filters: LeadFilters) {
  const query = leadQuery(filters);
  return useInfiniteQuery({
    queryKey: ['leads', query],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/autopilot/leads', { params: { query: { ...query, limit: PAGE_SIZE, cursor: pageParam } } })),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV of the same leads downloads from (the session cookie goes along). */
export function csvHref(filters: LeadFilters): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(leadQuery(filters))) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `${globalThis.location?.origin ?? ''}/autopilot/leads.csv${text ? `?${text}` : ''}`;
}

const oneLead = (id: number) => queryOptions({ queryKey: ['lead', id], queryFn: () => data(api.GET('/autopilot/leads/{id}', { params: { path: { id } } })) });

/** A lead and its timeline. */
export function useLead(id: number) {
  return useQuery(oneLead(id));
}

/** Asks for a lead before its page renders (a first load of its address); an id the page would refuse is not asked for. */
export function prefetchLead(client: QueryClient, id: number): Promise<void> {
  return Number.isSafeInteger(id) && id > 0 ? client.prefetchQuery(oneLead(id)) : Promise.resolve();
}

/** Closes a lead by hand: its queued touches are cancelled, and the lists show it closed. */
export function useCloseLead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.POST('/autopilot/leads/{id}/close', { params: { path: { id } } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['lead', id] }), queryClient.invalidateQueries({ queryKey: ['leads'] })]),
  });
}
