import { randomUUID } from 'node:crypto';

/** A new Message-ID on the mailbox's own domain, with its angle brackets (as autopilot_touches.message_id keeps it). */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1) || 'localhost';
  return `<${randomUUID()}@${domain}>`;
}
