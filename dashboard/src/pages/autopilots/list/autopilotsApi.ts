import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { arrayMove } from '@dnd-kit/sortable';
import { api, data } from '../../../api/client';
import type { components, paths } from '../../../api/schema';
import type { Json } from '../../../api/types';

export type Autopilot = components['schemas']['def-1'];
export type Problem = Autopilot['problems'][number];
export type AutopilotStats = Json<paths['/autopilot/stats']['get']['responses'][200]>['autopilots'][number];

const LIVE = ['autopilots', 'live'] as const;
const ARCHIVED = ['autopilots', 'archived'] as const;
const STATS = ['autopilots', 'stats'] as const;
const REORDER = ['autopilots', 'reorder'] as const;

/** The live Autopilots, top to bottom: the order routing checks them in. */
export function useLiveAutopilots() {
  return useQuery({ queryKey: LIVE, queryFn: async () => (await data(api.GET('/autopilots'))).autopilots });
}

/** The archived ones, newest first (the engine answers them after the live ones). */
export function useArchivedAutopilots(enabled: boolean) {
  return useQuery({
    queryKey: ARCHIVED,
    enabled,
    queryFn: async () => (await data(api.GET('/autopilots', { params: { query: { archived: 'true' } } }))).autopilots.filter((autopilot) => autopilot.archived_at !== null),
  });
}

/** Each Autopilot's leads by outcome, by Autopilot id. */
export function useAutopilotStats() {
  return useQuery({
    queryKey: STATS,
    queryFn: async () => new Map((await data(api.GET('/autopilot/stats'))).autopilots.map((stats) => [stats.autopilot_id, stats])),
  });
}

/**
 * Switches one on or off by sending its document back with `enabled` changed (the engine has no
 * switch of its own). The document is read again first, so a change made since the list was read
 * is not undone.
 */
export function useSwitchAutopilot(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => {
      const path = { name };
      const current = await data(api.GET('/autopilots/{name}', { params: { path } }));
      return data(api.PUT('/autopilots/{name}', { params: { path }, body: { ...current, enabled } }));
    },
    onSuccess: (saved) => queryClient.setQueryData<Autopilot[]>(LIVE, (list) => list?.map((autopilot) => (autopilot.id === saved.id ? saved : autopilot))),
    // Another Autopilot's problems may change with this one (a catch-all switched on hides those below it).
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIVE }),
  });
}

/**
 * Moves one Autopilot from one place to another and saves the whole order. The list shows the new
 * order at once and goes back to what it was if the engine refuses it.
 */
export function useReorderAutopilots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REORDER,
    mutationFn: (names: string[]) => data(api.PUT('/autopilots/order', { body: { names } })),
    onMutate: async (names) => {
      await queryClient.cancelQueries({ queryKey: LIVE });
      const before = queryClient.getQueryData<Autopilot[]>(LIVE);
      const byName = new Map(before?.map((autopilot) => [autopilot.name, autopilot]));
      queryClient.setQueryData<Autopilot[]>(
        LIVE,
        names.flatMap((name, index) => {
          const autopilot = byName.get(name);
          return autopilot ? [{ ...autopilot, position: index + 1 }] : [];
        }),
      );
      return { before };
    },
    onError: (_error, _names, context) => queryClient.setQueryData(LIVE, context?.before),
    onSuccess: (answer) => {
      // A later move already shows its own order; the last answer to arrive sets the list.
      if (queryClient.isMutating({ mutationKey: REORDER }) <= 1) queryClient.setQueryData(LIVE, answer.autopilots);
    },
  });
}

/** The names in order once the one at `from` is moved to `to`. */
export function movedNames(autopilots: readonly Autopilot[], from: number, to: number): string[] {
  return arrayMove(
    autopilots.map((autopilot) => autopilot.name),
    from,
    to,
  );
}

/** Archives one: its active leads end and it leaves the order for good. */
export function useArchiveAutopilot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => data(api.DELETE('/autopilots/{name}', { params: { path: { name } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['autopilots'] }),
  });
}
