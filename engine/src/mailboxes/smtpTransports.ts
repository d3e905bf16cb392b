import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { smtpOptions, type MailAccess } from './connections.ts';
import type { Mailbox } from './mailboxes.ts';

/** A mailbox's connections are closed this long after its last send: a burst reuses them, an idle engine holds none. */
export const IDLE_CLOSE_MS = 2000;
/** Connections one mailbox keeps open at once. */
export const MAX_CONNECTIONS_PER_MAILBOX = 3;

type Transport = Transporter<SMTPPool.SentMessageInfo>;

interface Entry {
  /** The mailbox's `updated_at`: a changed mailbox (a new password, host or port) gets new connections. */
  version: number;
  transport: Transport;
  sending: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Pooled SMTP connections per mailbox (nodemailer's pool), so that touches sent one after another from a
 * mailbox reuse a logged-in connection instead of connecting, greeting and logging in for each. Each
 * mailbox's pool closes itself once it has been idle for IDLE_CLOSE_MS, and whenever the mailbox changes.
 */
export class SmtpTransports {
  readonly #entries = new Map<number, Entry>();

  /** Sends with the mailbox's pool (made on first use, its host checked by the guard then). */
  async send(mailbox: Mailbox, access: MailAccess, mail: SendMailOptions): Promise<SMTPPool.SentMessageInfo> {
    const entry = await this.#acquire(mailbox, access);
    try {
      return await entry.transport.sendMail(mail);
    } finally {
      this.#release(mailbox.id, entry);
    }
  }

  /** Closes every connection now. */
  close(): void {
    for (const [id, entry] of this.#entries) {
      clearTimeout(entry.timer);
      entry.transport.close();
      this.#entries.delete(id);
    }
  }

  async #acquire(mailbox: Mailbox, access: MailAccess): Promise<Entry> {
    const version = mailbox.updatedAt.getTime();
    let entry = this.#entries.get(mailbox.id);
    if (entry && entry.version !== version) {
      this.#entries.delete(mailbox.id);
      if (entry.sending === 0) {
        clearTimeout(entry.timer);
        entry.transport.close();
      }
      entry = undefined;
    }
    if (!entry) {
      const options = await smtpOptions(mailbox, access);
      // Another send may have made one while the host was resolved.
      entry = this.#entries.get(mailbox.id);
      if (!entry || entry.version !== version) {
        entry = {
          version,
          transport: nodemailer.createTransport({ ...options, pool: true, maxConnections: MAX_CONNECTIONS_PER_MAILBOX, maxMessages: 100 }),
          sending: 0,
          timer: undefined,
        };
        this.#entries.set(mailbox.id, entry);
      }
    }
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.sending++;
    return entry;
  }

  #release(id: number, entry: Entry): void {
    entry.sending--;
    if (entry.sending > 0) return;
    if (this.#entries.get(id) !== entry) {
      entry.transport.close();
      return;
    }
    entry.timer = setTimeout(() => {
      if (this.#entries.get(id) === entry && entry.sending === 0) {
        this.#entries.delete(id);
        entry.transport.close();
      }
    }, IDLE_CLOSE_MS);
    entry.timer.unref();
  }
}
