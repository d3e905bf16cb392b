import type { FastifyInstance } from 'fastify';
import type { Pool } from '../../../platform/database/database.ts';
import type { Clock } from '../../../platform/time.ts';
import type { SeatList, SeatView } from './contract.ts';
import { createSeat, deleteSeat, invalidSeat, listSeats, loadSeat, seatId, seatView, updateSeat } from './seats.ts';

/** A seat body is a handful of fields. */
export const SEAT_BODY_LIMIT_BYTES = 16 * 1024;

interface Addressed {
  Params: { id: string };
}

/**
 * The Unipile channels' seats, behind an API key (the key's account owns them):
 * `POST|GET /seats`, `GET|PATCH|DELETE /seats/{id}`. `status` and `status_detail` say whether Unipile still
 * has the account connected.
 */
export function seatRoutes(app: FastifyInstance, pool: Pool, clock: Clock): void {
  app.post('/seats', { bodyLimit: SEAT_BODY_LIMIT_BYTES }, async (request, reply) => {
    if (request.body === undefined) throw invalidSeat([{ severity: 'error', path: '', message: 'The request has no body: send the seat as JSON' }]);
    const created: SeatView = await createSeat(pool, request.holder.account.id, request.body, clock);
    return reply.code(201).header('Location', `/seats/${created.id}`).send(created);
  });

  app.get('/seats', async (request): Promise<SeatList> => ({ seats: await listSeats(pool, request.holder.account.id) }));

  app.get<Addressed>('/seats/:id', async (request): Promise<SeatView> => seatView(await loadSeat(pool, request.holder.account.id, seatId(request.params.id))));

  app.patch<Addressed>('/seats/:id', { bodyLimit: SEAT_BODY_LIMIT_BYTES }, async (request): Promise<SeatView> =>
    updateSeat(pool, request.holder.account.id, seatId(request.params.id), request.body, clock),
  );

  app.delete<Addressed>('/seats/:id', async (request): Promise<SeatView> => deleteSeat(pool, request.holder.account.id, seatId(request.params.id)));
}
