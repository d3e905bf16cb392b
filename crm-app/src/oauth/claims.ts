/**
 * Claim codes: how a portal installed from HubSpot (no install link, so no account named) is attached
 * to an engine account. The install page shows a one-time code to the HubSpot admin who installed the
 * app; whoever holds the account's API key enters it (`POST /hubspot/portals/claim`, or ops with
 * `prospect-engine hubspot claim`). Holding the code proves the portal's admin meant this account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, isoWithOffset, type Pool, type PoolClient, transaction } from '@prospect-research/engine';

/**
 * How long a claim code works: a day. The admin who installs the app is often not the person with the
 * account's API key, and a day lets the code reach them (a chat, a ticket) across time zones within
 * one working day. Shorter would expire codes in transit; longer would leave a code forgotten in an
 * inbox or a screenshot able to take the portal for longer, while the portal's contacts are not taken
 * anyway until it is claimed. A new code is one install from HubSpot away.
 */
export const CLAIM_CODE_TTL_MS = 24 * 3600_000;

/** Used and expired codes are kept this long after they expire (to say `claim_code_used`/`claim_code_expired`), then deleted. */
const KEEP_AFTER_EXPIRY_MS = 7 * 24 * 3600_000;

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 characters of 32: 100 random bits, far beyond guessing, so a code is looked up by a plain SHA-256. */
const LENGTH = 20;

/** A new code, `XXXX-XXXX-XXXX-XXXX-XXXX`. */
export function newClaimCode(): string {
  const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The stored form of a code as typed (any case, with or without dashes and spaces; I and L read as 1, O as 0), or undefined when it cannot be one. */
export function claimCodeHash(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > 64) return undefined;
  const normalised = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (normalised.length !== LENGTH || [...normalised].some((char) => !ALPHABET.includes(char))) return undefined;
  return createHash('sha256').update(normalised).digest('hex');
}

/** Stores a new code for an unclaimed portal (ending its earlier unused ones), inside the install's transaction. */
export async function issueClaimCode(client: PoolClient, portalId: number, now: Date): Promise<{ claimCode: string; expiresAt: Date }> {
  const claimCode = newClaimCode();
  const expiresAt = new Date(now.getTime() + CLAIM_CODE_TTL_MS);
  await client.query('DELETE FROM hubspot_claim_codes WHERE (portal_id = $1 AND used_at IS NULL) OR expires_at < $2', [portalId, new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS)]);
  await client.query('INSERT INTO hubspot_claim_codes (code_hash, portal_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [claimCodeHash(claimCode), portalId, now, expiresAt]);
  return { claimCode, expiresAt };
}

/** The portal a claim attached: its HubSpot id and domain. */
export interface ClaimedPortal {
  portal_id: number;
  hub_domain: string | null;
  account_id: number;
  state: 'connected';
  claimed_at: string;
}

const refuse = (code: 'invalid_claim_code' | 'claim_code_not_found' | 'claim_code_used' | 'claim_code_expired' | 'portal_claimed' | 'portal_not_connected', message: string) =>
  new AppError(code, { message }, message);

/**
 * Attaches the unclaimed portal of `code` to `accountId`, in one transaction that uses the code up.
 * Refused: a code that cannot be one (`invalid_claim_code`), none such (`claim_code_not_found`: mistyped,
 * or ended by a later install), used (`claim_code_used`), expired (`claim_code_expired`), a portal another
 * account has since (`portal_claimed`), a portal disconnected since (`portal_not_connected`). A code
 * whose portal this account already has (through an install link since) is used up and answers it.
 */
export async function claimPortal(pool: Pool, accountId: number, code: unknown, now: Date): Promise<ClaimedPortal> {
  const hash = claimCodeHash(code);
  if (hash === undefined) throw refuse('invalid_claim_code', 'Send {"claim_code": "XXXX-XXXX-XXXX-XXXX-XXXX"}: the code the HubSpot install page showed (20 letters and digits)');
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ portal_id: string; expires_at: Date; used_at: Date | null; state: string; account_id: string | null; hub_domain: string | null }>(
      `SELECT c.portal_id, c.expires_at, c.used_at, p.state, p.account_id, p.hub_domain
       FROM hubspot_claim_codes c JOIN hubspot_portals p USING (portal_id) WHERE c.code_hash = $1 FOR UPDATE OF c, p`,
      [hash],
    );
    const row = rows[0];
    if (!row)
      throw refuse('claim_code_not_found', 'No HubSpot account waits for this claim code: check it, or install the app again from HubSpot for a new one (a new install ends the earlier codes)');
    if (row.used_at) throw refuse('claim_code_used', `This claim code was used on ${row.used_at.toISOString()}; a code works once`);
    if (row.expires_at.getTime() <= now.getTime())
      throw refuse('claim_code_expired', `This claim code expired on ${row.expires_at.toISOString()} (codes work for 24 hours): install the app again from HubSpot for a new one`);
    const portalId = Number(row.portal_id);
    if (row.state === 'disconnected')
      throw refuse('portal_not_connected', `HubSpot account ${portalId} was disconnected (or uninstalled the app) since this code was shown: install the app again from HubSpot`);
    if (row.state === 'connected' && Number(row.account_id) !== accountId)
      throw refuse(
        'portal_claimed',
        `HubSpot account ${portalId} already sends its contacts to another Prospect Research account; it must be disconnected there first (prospect-engine hubspot disconnect --portal ${portalId})`,
      );
    await client.query('UPDATE hubspot_claim_codes SET used_at = $2, used_by_account = $3 WHERE code_hash = $1', [hash, now, accountId]);
    if (row.state === 'unclaimed') await client.query(`UPDATE hubspot_portals SET state = 'connected', account_id = $2 WHERE portal_id = $1`, [portalId, accountId]);
    return { portal_id: portalId, hub_domain: row.hub_domain, account_id: accountId, state: 'connected', claimed_at: isoWithOffset(now) };
  });
}
