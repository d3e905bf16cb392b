import type Mail from 'nodemailer/lib/mailer/index.js';
import { type Mailbox, newMessageId } from '../../../mailboxes/index.ts';
import type { OutgoingTouch } from '../../sequence/ports.ts';

/** The footer's unsubscribe line in the account's content language (the link itself is the same in all). */
const UNSUBSCRIBE_WORDS: Readonly<Record<string, string>> = {
  en: 'Unsubscribe',
  pl: 'Wypisz się',
  de: 'Abmelden',
  fr: 'Se désabonner',
  es: 'Darse de baja',
  it: 'Annulla iscrizione',
  pt: 'Cancelar inscrição',
  nl: 'Afmelden',
};

/**
 * The text that goes out: the written message, the signature after the usual `-- ` line, then the
 * sender identity (name, company, postal address), which commercial e-mail must carry (CAN-SPAM, and
 * the spec's angle rules never drop it), and a visible unsubscribe link beside the List-Unsubscribe header.
 */
export function bodyText(touch: OutgoingTouch, language = 'en'): string {
  const { identity } = touch;
  const parts = [touch.message.body.trim()];
  if (touch.signature?.trim()) parts.push(`-- \n${touch.signature.trim()}`);
  const identityLines = [
    `${identity.name}, ${identity.company}`,
    ...identity.postal_address
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ];
  parts.push([...identityLines, `${UNSUBSCRIBE_WORDS[language] ?? UNSUBSCRIBE_WORDS.en}: ${touch.unsubscribeUrl}`].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/**
 * The subject: the writer's when it wrote one (the first e-mail of a thread); otherwise a follow-up
 * answers the thread's first subject with "Re: ".
 */
export function subjectOf(touch: OutgoingTouch): string {
  // One line: a line break in a header would end it.
  const oneLine = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();
  const written = oneLine(touch.message.subject);
  if (written) return written;
  const first = touch.earlier.map((earlier) => oneLine(earlier.subject)).find(Boolean);
  if (!first) return '';
  return /^re:/i.test(first) ? first : `Re: ${first}`;
}

/**
 * Threading: a follow-up answers the latest of the lead's earlier e-mails (In-Reply-To) and lists them
 * all (References, oldest first, RFC 5322 3.6.4). A touch whose writer gave it a subject of its own
 * starts a thread of its own and carries neither.
 */
function threading(touch: OutgoingTouch): Pick<Mail.Options, 'inReplyTo' | 'references'> {
  if (touch.message.subject?.trim()) return {};
  const ids = touch.earlier.map((earlier) => earlier.messageId).filter((id): id is string => typeof id === 'string' && id !== '');
  if (ids.length === 0) return {};
  return { inReplyTo: ids.at(-1)!, references: ids };
}

/** The touch as nodemailer sends it, with its Message-ID. */
export function composeTouch(touch: OutgoingTouch, mailbox: Pick<Mailbox, 'fromAddress' | 'fromName'>, language?: string): { mail: Mail.Options; messageId: string } {
  const messageId = newMessageId(mailbox.fromAddress);
  const mail: Mail.Options = {
    from: mailbox.fromName ? { name: mailbox.fromName, address: mailbox.fromAddress } : mailbox.fromAddress,
    to: touch.contact.email!,
    subject: subjectOf(touch),
    text: bodyText(touch, language),
    messageId,
    ...threading(touch),
    headers: {
      // RFC 2369 and RFC 8058: a mailbox provider's "unsubscribe" button posts to the link at once.
      'List-Unsubscribe': `<${touch.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  return { mail, messageId };
}
