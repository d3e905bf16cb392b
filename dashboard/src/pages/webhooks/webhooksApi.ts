import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type Webhook = Json<paths['/webhooks']['get']['responses'][200]>['webhooks'][number];
export type WebhookInput = NonNullable<Json<NonNullable<paths['/webhooks']['post']['requestBody']>>>;
export type CreatedWebhook = Json<paths['/webhooks']['post']['responses'][201]>;
export type EventType = WebhookInput['events'][number];
export type Delivery = Json<paths['/webhooks/{id}/deliveries']['get']['responses'][200]>['deliveries'][number];
export type LeadEvent = Json<paths['/events']['get']['responses'][200]>['events'][number];
export type CreditAlerts = Json<paths['/credit-alerts']['get']['responses'][200]>;

/** The event types a webhook may take (docs/events.md), each with what it means. */
export const EVENT_TYPES: readonly { type: EventType; meaning: string }[] = [
  { type: 'lead.enrolled', meaning: 'A lead was created' },
  { type: 'touch.sent', meaning: 'A touch went out' },
  { type: 'touch.skipped', meaning: 'A touch was skipped' },
  { type: 'lead.responded', meaning: 'A lead ended as a win' },
  { type: 'lead.closed', meaning: 'A lead ended otherwise' },
  { type: 'contact.skipped', meaning: 'Routing skipped a contact' },
  { type: 'contact.waiting', meaning: 'A contact began to wait' },
  { type: 'contact.abandoned', meaning: 'A contact was abandoned' },
  { type: 'credits.threshold', meaning: 'Credits reached 75% or 95%' },
];

const WEBHOOKS = ['webhooks'] as const;
const deliveriesKey = (id: number) => ['webhooks', id, 'deliveries'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS, queryFn: async () => (await data(api.GET('/webhooks'))).webhooks });
}

/** The live Autopilots' names: a webhook may take only one's events. */
export function useAutopilotNames() {
  return useQuery({ queryKey: ['autopilots', 'live'], queryFn: async () => (await data(api.GET('/autopilots'))).autopilots, select: (autopilots) => autopilots.map((autopilot) => autopilot.name) });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => data(api.POST('/webhooks', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(api.DELETE('/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

/** A webhook's deliveries, newest first, a page at a time; read again every few seconds while `live` (a test event on its way). */
export function useDeliveries(id: number, live: boolean) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(id),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 10, ...(pageParam === undefined ? {} : { before: pageParam }) } } })),
    getNextPageParam: (page) => page.next_before ?? undefined,
    refetchInterval: live ? 2_000 : false,
  });
}

/** Queues a test event for one webhook; its deliveries and state are read again. */
export function useSendTest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.POST('/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }), queryClient.invalidateQueries({ queryKey: WEBHOOKS, exact: true })]),
  });
}

/** The account's events, newest first (`order=newest`, paged by `next_before`). */
export function useEventFeed() {
  return useInfiniteQuery({
    queryKey: ['events'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => data(api.GET('/events', { params: { query: { order: 'newest', limit: 50, ...(pageParam === undefined ? {} : { before: pageParam }) } } })),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}

const CREDIT_ALERTS = ['credit-alerts'] as const;

export function useCreditAlerts() {
  return useQuery({ queryKey: CREDIT_ALERTS, queryFn: () => data(api.GET('/credit-alerts')) });
}

export function useSetCreditAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string | null) => (email === null ? data(api.DELETE('/credit-alerts')) : data(api.PUT('/credit-alerts', { body: { email } }))),
    onSuccess: (view) => queryClient.setQueryData(CREDIT_ALERTS, view),
  });
}
