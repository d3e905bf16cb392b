import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Secrets } from '../platform/secrets.ts';
import { type MailHostPolicy, resolveMailHost } from './mailHosts.ts';
import { type Mailbox, PASSWORD_PURPOSE, type ServerSettings } from './mailboxes.ts';
import type { MailboxSettings } from './settings.ts';

/** How long a mail server may take to answer before the attempt counts as failed (and is tried again later). */
export const CONNECT_TIMEOUT_MS = 15_000;

/** What every connection needs besides the mailbox: the key that opens its passwords and where it may connect. */
export interface MailAccess {
  secrets: Secrets | undefined;
  hosts: MailHostPolicy;
}

/** The access of an engine whose SECRET_KEY makes `secrets` (undefined without one); `lookup` resolves host names (tests answer their own). */
export function mailAccess(secrets: Secrets | undefined, settings: MailboxSettings, lookup?: MailHostPolicy['lookup']): MailAccess {
  return { secrets, hosts: { allowPrivate: settings.allowPrivateHosts, lookup } };
}

export class MailboxLocked extends Error {
  override name = 'MailboxLocked';
}

function password(access: MailAccess, server: ServerSettings): string {
  if (!access.secrets) throw new MailboxLocked('the engine has no SECRET_KEY, so the mailbox password cannot be read');
  try {
    return access.secrets.open(PASSWORD_PURPOSE, server.passwordSealed);
  } catch {
    throw new MailboxLocked('the stored mailbox password does not open with this SECRET_KEY (was the key changed?); set the password again');
  }
}

/** nodemailer's SMTP options for the mailbox, connecting to the checked address. */
export async function smtpOptions(mailbox: Mailbox, access: MailAccess): Promise<SMTPTransport.Options> {
  const { smtp } = mailbox;
  const address = await resolveMailHost(smtp.host, access.hosts);
  return {
    host: address,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: { user: smtp.user, pass: password(access, smtp) },
    // The certificate is checked against the name that was typed, not the address connected to.
    tls: { servername: smtp.host },
    name: mailbox.fromAddress.slice(mailbox.fromAddress.lastIndexOf('@') + 1),
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: 60_000,
    logger: false,
  };
}

/** A one-connection nodemailer transport for the mailbox's SMTP server (the connection test). */
export async function smtpTransport(mailbox: Mailbox, access: MailAccess) {
  return nodemailer.createTransport(await smtpOptions(mailbox, access));
}

/** An IMAP client for the mailbox (not yet connected); undefined when the mailbox reads no replies. */
export async function imapClient(mailbox: Mailbox, access: MailAccess): Promise<ImapFlow | undefined> {
  const { imap } = mailbox;
  if (!imap) return undefined;
  const address = await resolveMailHost(imap.host, access.hosts);
  return new ImapFlow({
    host: address,
    servername: imap.host,
    port: imap.port,
    secure: imap.security === 'tls',
    doSTARTTLS: imap.security === 'starttls' ? true : imap.security === 'none' ? false : undefined,
    auth: { user: imap.user, pass: password(access, imap) },
    logger: false,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
  });
}
