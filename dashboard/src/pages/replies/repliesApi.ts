import { useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type ReplyList = Json<paths['/autopilot/replies']['get']['responses'][200]>;
export type Reply = ReplyList['replies'][number];
export type ReplyKind = Reply['kind'];

const PAGE = 50;
/** How often the inbox looks for new replies while it is open (and again whenever the window gets focus). */
export const REFRESH_MS = 15_000;

/** The inbox of one kind, of one Autopilot or channel if asked, newest first, a page at a time; it refreshes on its own. */
export function useReplies({ kind, autopilot, channel }: { kind: ReplyKind; autopilot?: string; channel?: NonNullable<Reply['channel']> }) {
  return useInfiniteQuery({
    queryKey: ['replies', kind, autopilot ?? null, channel ?? null],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/autopilot/replies', { params: { query: { kind, autopilot, channel, limit: PAGE, before: pageParam } } })),
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
