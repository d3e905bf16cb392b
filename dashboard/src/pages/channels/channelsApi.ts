import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type Mailbox = Json<paths['/mailboxes']['get']['responses'][200]>['mailboxes'][number];
export type MailboxInput = NonNullable<Json<NonNullable<paths['/mailboxes']['post']['requestBody']>>>;
export type MailboxPatch = NonNullable<Json<NonNullable<paths['/mailboxes/{id}']['patch']['requestBody']>>>;
export type MailboxTest = Json<paths['/mailboxes/{id}/test']['post']['responses'][200]>;
export type ServerTest = MailboxTest['smtp'];
export type Seat = Json<paths['/seats']['get']['responses'][200]>['seats'][number];
export type SeatConnect = NonNullable<Json<NonNullable<paths['/seats/connect']['post']['requestBody']>>>;

const MAILBOXES = ['mailboxes'] as const;
const SEATS = ['seats'] as const;

export function useMailboxes() {
  return useQuery({ queryKey: MAILBOXES, queryFn: async () => (await data(api.GET('/mailboxes'))).mailboxes });
}

/** The seats; asked again every few seconds while `watching` (Unipile's notification may land just after the person comes back). */
export function useSeats(watching: boolean) {
  return useQuery({ queryKey: SEATS, queryFn: async () => (await data(api.GET('/seats'))).seats, refetchInterval: watching ? 3000 : false });
}

export function useAddMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailboxInput) => data(api.POST('/mailboxes', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAILBOXES }),
  });
}

export function useUpdateMailbox(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailboxPatch) => data(api.PATCH('/mailboxes/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAILBOXES }),
  });
}

export function useRemoveMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(api.DELETE('/mailboxes/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAILBOXES }),
  });
}

/** Runs a mailbox's connection test; its answer stays with the mutation (one per card). */
export function useTestMailbox(id: number) {
  return useMutation({ mutationFn: () => data(api.POST('/mailboxes/{id}/test', { params: { path: { id } } })) });
}

export function useRemoveSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => data(api.DELETE('/seats/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEATS }),
  });
}

/** Asks the engine for a link to Unipile's hosted authentication and goes there; Unipile brings the person back to this page. */
export function useConnectSeat() {
  return useMutation({
    mutationFn: (body: SeatConnect) => data(api.POST('/seats/connect', { body })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
