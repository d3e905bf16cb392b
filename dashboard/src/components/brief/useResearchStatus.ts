import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Json } from '../../api/types';
import type { paths } from '../../api/schema';

export type ResearchStatus = Json<paths['/research-status/{researchId}']['get']['responses'][200]>;
export type CompletedResearch = Extract<ResearchStatus, { status: 'completed' }>;

const finished = (status: ResearchStatus | undefined) => status?.status === 'completed' || status?.status === 'failed';

/** A research and its brief, asked again every two seconds until it has completed or failed. */
export function useResearchStatus(researchId: string | null | undefined) {
  return useQuery({
    queryKey: ['research', researchId],
    enabled: Boolean(researchId),
    queryFn: () => data(api.GET('/research-status/{researchId}', { params: { path: { researchId: researchId! } } })),
    refetchInterval: (query) => (finished(query.state.data) ? false : 2000),
  });
}
