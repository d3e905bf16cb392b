import type { SeatView } from '../../src/autopilot/channels/unipile/contract.ts';
import { createSeat, seatInput } from '../../src/autopilot/channels/unipile/seats.ts';
import type { Pool } from '../../src/platform/database/database.ts';
import { type Clock, systemClock } from '../../src/platform/time.ts';

/**
 * Adds a seat with a typed Unipile account id, as ops do (`prospect-engine seats add`): over HTTP a seat
 * comes only through Unipile's hosted authentication. `seat` is read by the same rules (`invalid_seat`).
 */
export async function seedSeat(pool: Pool, accountId: number, seat: Record<string, unknown>, clock: Clock = systemClock): Promise<SeatView> {
  return createSeat(pool, accountId, seatInput(seat), clock);
}
