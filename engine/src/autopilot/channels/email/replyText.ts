import EmailReplyParser from 'email-reply-parser';

/** Longest reply text handed on: the rest of a very long answer adds nothing a person would not open the mail for. */
export const MAX_REPLY_TEXT = 10_000;

/**
 * What the person wrote, without the quoted history ("On Mon, Anna wrote:", `>` lines, Outlook's
 * "From: ... Sent: ..." block) and without their signature, by email-reply-parser (crisp-oss). When
 * nothing is left (a reply written inside the quote), the whole text, trimmed.
 */
export function replyText(text: string | undefined): string {
  const whole = (text ?? '').replaceAll('\r\n', '\n').trim();
  if (whole === '') return '';
  const visible = new EmailReplyParser().parseReply(whole).trim();
  return (visible === '' ? whole : visible).slice(0, MAX_REPLY_TEXT);
}
