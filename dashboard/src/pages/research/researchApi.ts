import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type ResearchRequest = NonNullable<Json<NonNullable<paths['/research']['post']['requestBody']>>>;
export type ResearchSummary = Json<paths['/research']['get']['responses'][200]>['researches'][number];

const HISTORY = ['research-history'] as const;

/** The account's researches, newest first, a page at a time; read again every few seconds while one of them runs. */
export function useResearchHistory() {
  return useInfiniteQuery({
    queryKey: HISTORY,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/research', { params: { query: { limit: 20, cursor: pageParam } } })),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.researches.some((research) => research.status === 'queued' || research.status === 'processing')) ? 3000 : false),
  });
}

/** The account's credits: what is left this cycle. */
export function useAccount() {
  return useQuery({ queryKey: ['account'], queryFn: () => data(api.GET('/account')) });
}

/** Researches an address by hand (a name and a company sharpen the match), for one credit; the history and the balance are read again. */
export function useStartResearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResearchRequest) => data(api.POST('/research', { body: request })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY }), queryClient.invalidateQueries({ queryKey: ['account'] })]),
  });
}
