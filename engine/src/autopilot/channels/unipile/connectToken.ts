import { randomBytes } from 'node:crypto';
import type { Secrets } from '../../../platform/secrets.ts';
import { isRecord } from '../../../platform/validation/index.ts';
import { SEAT_CHANNELS, type SeatChannel, type SeatInput } from './contract.ts';

/** The Secrets purpose connect tokens are signed with. */
const PURPOSE = 'seat-connect';

/** What a hosted authentication link was asked for: by which account, on which channel, a new seat with its settings or a seat to reconnect. */
export interface ConnectGrant {
  accountId: number;
  channel: SeatChannel;
  /** The seat to reconnect; null for a new one. */
  seatId: number | null;
  /** A new seat's settings as the page chose them (`unipile_account_id` comes from Unipile's notification). */
  seat: Omit<SeatInput, 'channel' | 'unipile_account_id'> | null;
  /** Milliseconds since the epoch after which the token is refused. */
  expiresAt: number;
}

/**
 * The `name` given to Unipile with a hosted authentication link, and given back in its notification:
 * the grant in base64url JSON and its HMAC with SECRET_KEY. Only this engine can make one, so a
 * notification binds the account Unipile connected to the engine account that asked, never to one a
 * caller names; a random nonce makes every token its own.
 */
export function connectToken(secrets: Secrets, grant: ConnectGrant): string {
  const body = Buffer.from(JSON.stringify({ ...grant, nonce: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${body}.${secrets.sign(PURPOSE, body)}`;
}

export type ReadToken = { kind: 'valid'; grant: ConnectGrant } | { kind: 'forged' } | { kind: 'expired'; grant: ConnectGrant };

/** The grant a token carries when this engine signed it; `forged` for anything else, `expired` past its time. */
export function readConnectToken(secrets: Secrets, token: unknown, now: Date): ReadToken {
  if (typeof token !== 'string' || token.length > 4096) return { kind: 'forged' };
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined || !secrets.verify(PURPOSE, body, signature)) return { kind: 'forged' };
  const grant = parse(body);
  if (grant === undefined) return { kind: 'forged' };
  return grant.expiresAt < now.getTime() ? { kind: 'expired', grant } : { kind: 'valid', grant };
}

/** A signed body is the engine's own, but is read as carefully as any: a key shared by two versions may sign another shape. */
function parse(body: string): ConnectGrant | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!isRecord(value)) return undefined;
    const { accountId, channel, seatId, seat, expiresAt } = value;
    if (!Number.isSafeInteger(accountId) || !SEAT_CHANNELS.includes(channel as SeatChannel) || typeof expiresAt !== 'number') return undefined;
    if (seatId !== null && !Number.isSafeInteger(seatId)) return undefined;
    if (seat !== null && !isRecord(seat)) return undefined;
    return { accountId: accountId as number, channel: channel as SeatChannel, seatId: seatId as number | null, seat: seat as ConnectGrant['seat'], expiresAt };
  } catch {
    return undefined;
  }
}
