import type { SenderIdentity } from '../../api/types';

/**
 * What closes every e-mail the Autopilot sends, as the engine writes it (engine/src/autopilot/channels/
 * email/compose.ts): the signature after the usual "-- " line, then the sender identity (name,
 * company, postal address) and the unsubscribe line that commercial e-mail must carry.
 */
export function signatureBlock(signature: string, identity: Partial<SenderIdentity>): string {
  const parts: string[] = [];
  if (signature.trim()) parts.push(`-- \n${signature.trim()}`);
  const first = [identity.name?.trim(), identity.company?.trim()].filter(Boolean).join(', ');
  const address = (identity.postal_address ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  parts.push([...(first ? [first] : []), ...address, 'Unsubscribe: <link>'].join('\n'));
  return parts.join('\n\n');
}
