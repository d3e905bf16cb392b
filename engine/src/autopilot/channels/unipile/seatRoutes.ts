import type { Pool } from '../../../platform/database/database.ts';
import { errorCodes } from '../../../platform/http/openapi/errorResponses.ts';
import { example } from '../../../platform/http/openapi/example.ts';
import { pathIdParams } from '../../../platform/http/pathId.ts';
import { checkedByHandler, refusing } from '../../../platform/http/validation.ts';
import type { HttpScope } from '../../../platform/module.ts';
import type { Clock } from '../../../platform/time.ts';
import { seatInputSchema, type SeatList, seatListSchema, seatPatchSchema, type SeatView, seatViewSchema } from './contract.ts';
import { createSeat, deleteSeat, listSeats, loadSeat, seatInputRefusal, seatNotFound, seatView, updateSeat } from './seats.ts';

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
  create: {
    summary: 'Add a seat',
    description: 'A LinkedIn, WhatsApp or Telegram account connected in Unipile that the Autopilot sends touches as.',
    tags,
    operationId: 'createSeat',
    body: refusing(example(seatInputSchema, { channel: 'linkedin', unipile_account_id: 'Xk2v9QmTRe6yJ0aLbC1d', label: 'Anna (LinkedIn)', time_zone: 'Europe/Berlin' }), seatInputRefusal),
    errors: errorCodes('invalid_seat', 'account_not_found'),
    response: { 201: seatAnswer('Added (its address in `Location`)') },
  },
  list: { summary: "The account's seats", tags, operationId: 'listSeats', response: { 200: example(seatListSchema, { seats: [SEAT] }) } },
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
 * `POST|GET /seats`, `GET|PATCH|DELETE /seats/{id}`. `status` and `status_detail` say whether Unipile still
 * has the account connected.
 */
export function seatRoutes(app: HttpScope, pool: Pool, clock: Clock): void {
  app.post('/seats', { bodyLimit: SEAT_BODY_LIMIT_BYTES, schema: SCHEMAS.create }, async (request, reply) => {
    const created: SeatView = await createSeat(pool, request.holder.account.id, request.body, clock);
    return reply.code(201).header('Location', `/seats/${created.id}`).send(created);
  });

  app.get('/seats', { schema: SCHEMAS.list }, async (request): Promise<SeatList> => ({ seats: await listSeats(pool, request.holder.account.id) }));

  app.get('/seats/:id', { schema: SCHEMAS.show }, async (request): Promise<SeatView> => seatView(await loadSeat(pool, request.holder.account.id, request.params.id)));

  app.patch(
    '/seats/:id',
    { bodyLimit: SEAT_BODY_LIMIT_BYTES, schema: SCHEMAS.update },
    async (request): Promise<SeatView> => updateSeat(pool, request.holder.account.id, request.params.id, request.body, clock),
  );

  app.delete('/seats/:id', { schema: SCHEMAS.remove }, async (request): Promise<SeatView> => deleteSeat(pool, request.holder.account.id, request.params.id));
}
