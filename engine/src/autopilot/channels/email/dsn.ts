import { type ParsedMail, simpleParser } from 'mailparser';
import { field } from '../../mail/headerFields.ts';
import { headerFields } from './headers.ts';

/** What a delivery status notification (RFC 3464) says about the message it reports on. */
export interface DeliveryReport {
  /** Every recipient failed permanently (Action: failed, Status 5.x.x): a hard bounce. */
  hardBounce: boolean;
  /** The recipients reported on (Final-Recipient, without its `rfc822;` type), lower-case. */
  recipients: string[];
  /** The first recipient's Status, such as 5.1.1. */
  status: string | null;
  /** The Message-ID of the message that failed, from the report's message/rfc822 or text/rfc822-headers part. */
  originalMessageId: string | null;
}

const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers']);

/** Header-style fields (as a delivery-status block holds them), parsed by mailparser. */
async function fieldsOf(block: string) {
  return headerFields(await simpleParser(`${block.trim()}\r\n\r\n`));
}

/**
 * The delivery report a message carries, or undefined when it is not one. Parse the message with
 * `keepDeliveryStatus: true`, so that mailparser keeps the machine-readable part apart from the text.
 */
export async function deliveryReport(parsed: ParsedMail): Promise<DeliveryReport | undefined> {
  const statusPart = parsed.attachments.find((attachment) => STATUS_TYPES.has(attachment.contentType.toLowerCase()));
  if (!statusPart) return undefined;
  // The per-message fields, then one block per recipient, separated by blank lines.
  const blocks = statusPart.content
    .toString('utf8')
    .split(/\r?\n\s*\r?\n/)
    .filter((block) => block.trim() !== '');
  const perRecipient = [];
  for (const block of blocks.slice(1)) {
    const fields = await fieldsOf(block);
    if (field(fields, 'action') !== undefined || field(fields, 'final-recipient') !== undefined) perRecipient.push(fields);
  }
  const recipients = perRecipient
    .map((fields) =>
      (field(fields, 'final-recipient') ?? field(fields, 'original-recipient') ?? '')
        .replace(/^[^;]*;/, '')
        .trim()
        .replace(/^<|>$/g, '')
        .toLowerCase(),
    )
    .filter(Boolean);
  const failed = perRecipient.filter((fields) => field(fields, 'action')?.toLowerCase() === 'failed' && /^5\.\d{1,3}\.\d{1,3}\b/.test(field(fields, 'status') ?? ''));
  const originalPart = parsed.attachments.find((attachment) => ORIGINAL_TYPES.has(attachment.contentType.toLowerCase()));
  let originalMessageId: string | null = null;
  if (originalPart) {
    const original = await simpleParser(originalPart.content);
    originalMessageId = original.messageId ?? null;
  }
  return {
    hardBounce: perRecipient.length > 0 && failed.length === perRecipient.length,
    recipients,
    status: perRecipient[0] ? (field(perRecipient[0], 'status') ?? null) : null,
    originalMessageId,
  };
}
