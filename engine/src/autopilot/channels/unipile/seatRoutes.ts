import type { Pool, Queryable } from '../../../platform/database/database.ts';
import { errorCodes } from '../../../platform/http/openapi/errorResponses.ts';
import { example } from '../../../platform/http/openapi/example.ts';
import { pathIdParams } from '../../../platform/http/pathId.ts';
import { checkedByHandler } from '../../../platform/http/validation.ts';
import type { HttpScope } from '../../../platform/module.ts';
import type { Clock } from '../../../platform/time.ts';
import { limitOn, pageOf, rampFrom } from '../../../senders/index.ts';
import { senderUse } from '../../sequence/senderLoad.ts';
import { MAX_SEATS_PER_ACCOUNT, type SeatList, seatListSchema, seatPageQuery, seatPatchSchema, type SeatView, seatViewSchema } from './contract.ts';
import { accountSeats, deleteSeat, loadSeat, type Seat, seatNotFound, seatView, updateSeat } from './seats.ts';

/** A seat body is a handful of fields. */
export const SEAT_BODY_LIMIT_BYTES = 16 * 1024;

const SEAT: SeatView = {
  id: 2,
  channel: 'linkedin',
  unipile_account_id: 'Xk2v9QmTRe6yJ0aLbC1d',
  label: 'Anna (LinkedIn)',
  time_zone: 'Europe/Berlin',
  window: { start: '09:00', end: '17:00' },
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  messages_per_day: 50,
  invitations_per_day: 80,
  invitations_per_week: 200,
  warmup: null,
  today: { date: '2026-11-27', messages: { sent: 14, limit: 50 }, invitations: { sent: 31, limit: 80 } },
  ramp: [],
  status: 'connected',
  status_detail: null,
  status_changed_at: '2026-11-20T10:00:00.000+01:00',
  created_at: '2026-11-20T10:00:00.000+01:00',
  updated_at: '2026-11-20T10:00:00.000+01:00',
};

const tags = ['Seats'];
const params = pathIdParams('The seat id', seatNotFound);
const seatAnswer = (description: string) => example(seatViewSchema, SEAT, description);

const SCHEMAS = {
  list: {
    summary: "The account's seats",
    description: "Oldest first, each with today's use of its limits and the warm-up ahead; by keyset (`after` the last id of the page before), the whole list by default (an account has at most 100).",
    tags,
    operationId: 'listSeats',
    querystring: seatPageQuery,
    errors: errorCodes('invalid_query'),
    response: { 200: example(seatListSchema, { seats: [SEAT], next_after: null }) },
  },
  show: { summary: 'A seat', tags, operationId: 'getSeat', params, errors: errorCodes('seat_not_found'), response: { 200: seatAnswer('The seat') } },
  update: {
    summary: 'Change a seat',
    tags,
    operationId: 'updateSeat',
    params,
    // A change is checked as the seat it leaves (`updateSeat`), after the seat is found.
    body: checkedByHandler(example(seatPatchSchema, { messages_per_day: 40 })),
    errors: errorCodes('invalid_seat', 'seat_not_found'),
    response: { 200: seatAnswer('The seat as changed') },
  },
  remove: { summary: 'Remove a seat', tags, operationId: 'deleteSeat', params, errors: errorCodes('seat_not_found'), response: { 200: seatAnswer('The seat removed') } },
};

/**
 * The Unipile channels' seats, behind an API key (the key's account owns them):
 * `GET /seats`, `GET|PATCH|DELETE /seats/{id}`. `status` and `status_detail` say whether Unipile still
 * has the account connected. A seat is added through Unipile's hosted authentication
 * (`POST /seats/connect`, connectRoutes.ts), never by a typed Unipile account id: whoever typed one
 * would act as that account and receive its webhooks. Typing one is for ops (`seats add`).
 */
export function seatRoutes(app: HttpScope, pool: Pool, clock: Clock): void {
  const views = (seats: readonly Seat[]) => seatViewsWithUse(pool, seats, clock.now());
  const viewOf = async (accountId: number, id: number): Promise<SeatView> => (await views([await loadSeat(pool, accountId, id)]))[0]!;

  app.get('/seats', { schema: SCHEMAS.list }, async (request): Promise<SeatList> => {
    const limit = request.query.limit ?? MAX_SEATS_PER_ACCOUNT;
    const page = pageOf(await accountSeats(pool, request.holder.account.id, undefined, { after: request.query.after, limit: limit + 1 }), limit);
    return { seats: await views(page.rows), next_after: page.nextAfter };
  });

  app.get('/seats/:id', { schema: SCHEMAS.show }, async (request): Promise<SeatView> => viewOf(request.holder.account.id, request.params.id));

  app.patch('/seats/:id', { bodyLimit: SEAT_BODY_LIMIT_BYTES, schema: SCHEMAS.update }, async (request): Promise<SeatView> => {
    const updated = await updateSeat(pool, request.holder.account.id, request.params.id, request.body, clock);
    return viewOf(request.holder.account.id, updated.id);
  });

  app.delete('/seats/:id', { schema: SCHEMAS.remove }, async (request): Promise<SeatView> => deleteSeat(pool, request.holder.account.id, request.params.id));
}

/** Seats as the API answers them: with what each used today of its limits (as the sender counts and paces it) and the warm-up ahead. */
export async function seatViewsWithUse(db: Queryable, seats: readonly Seat[], at: Date): Promise<SeatView[]> {
  const used = await senderUse(db, seats, at);
  return seats.map((seat) => {
    const day = used.get(seat.id)!;
    const invitations = seat.invitations && { sent: day.invitations, limit: limitOn({ ...seat.schedule, dailyLimit: seat.invitations.perDay }, day.date) };
    return {
      ...seatView(seat),
      today: { date: day.date, messages: { sent: day.touches - day.invitations, limit: limitOn(seat.schedule, day.date) }, invitations },
      ramp: rampFrom(seat.schedule, day.date),
    };
  });
}
