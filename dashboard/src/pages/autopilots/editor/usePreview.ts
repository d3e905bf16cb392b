import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, data } from '../../../api/client';
import type { AutopilotDocument, Preview, Problem } from './types';

/** How long the draft must stay still before it is previewed: the admin is typing. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface PreviewState {
  preview?: Preview;
  /** The draft's problems as the engine words them: the preview's, or those of its refusal. */
  problems?: Problem[];
  /** The draft has an error: nothing to preview until it is fixed. */
  refused: boolean;
  error?: unknown;
  updating: boolean;
}

/**
 * The draft previewed (POST /autopilots/{name}/preview) a moment after it stops changing: what it would
 * do to recent contacts and its problems, in one call. A refused draft answers its problems instead.
 */
export function usePreview(address: string, document: AutopilotDocument, enabled: boolean): PreviewState {
  const [debounced] = useDebouncedValue(JSON.stringify(document), PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['autopilot-preview', address, debounced],
    queryFn: async (): Promise<{ preview?: Preview; problems: Problem[] }> => {
      try {
        const preview = await data(api.POST('/autopilots/{name}/preview', { params: { path: { name: address } }, body: JSON.parse(debounced) as AutopilotDocument }));
        return { preview, problems: preview.problems };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'invalid_autopilot') return { problems: (error.body.problems ?? []) as Problem[] };
        throw error;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const typing = debounced !== JSON.stringify(document);
  return {
    preview: query.data?.preview,
    problems: query.data?.problems,
    refused: query.data !== undefined && query.data.preview === undefined,
    error: query.error ?? undefined,
    updating: enabled && (typing || query.isFetching),
  };
}
