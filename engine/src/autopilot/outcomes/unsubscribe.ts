import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import validator from 'validator';
import type { Pool } from '../../platform/database/database.ts';
import { htmlResponse } from '../../platform/http/openapi/htmlResponse.ts';
import type { Logger } from '../../platform/logger.ts';
import type { HttpScope } from '../../platform/module.ts';
import { Secrets } from '../../platform/secrets.ts';
import type { Clock } from '../../platform/time.ts';
import type { LeadOutcomes } from './signals.ts';

/** The Secrets purpose of unsubscribe links: a signature made for anything else never verifies here. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

/** A token is `<lead id>.<HMAC-SHA256 of it, base64url>`. */
const TOKEN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/;

export function unsubscribeToken(secrets: Secrets, leadId: number): string {
  return `${leadId}.${secrets.sign(UNSUBSCRIBE_PURPOSE, String(leadId))}`;
}

/** Where a lead unsubscribes with one click (the `List-Unsubscribe` of its e-mails, RFC 8058). */
export function unsubscribeUrl(publicUrl: string, secrets: Secrets, leadId: number): string {
  return `${publicUrl}/unsubscribe/${unsubscribeToken(secrets, leadId)}`;
}

/** The lead a token names, when its signature holds (checked in constant time); undefined otherwise. */
export function leadOfToken(secrets: Secrets, token: string): number | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const leadId = Number(match[1]);
  return Number.isSafeInteger(leadId) && secrets.verify(UNSUBSCRIBE_PURPOSE, match[1]!, match[2]!) ? leadId : undefined;
}

interface Page {
  status: number;
  title: string;
  paragraphs: string[];
  /** A button that POSTs the one-click form back to the same address. */
  confirm?: string;
}

function html(page: Page): string {
  const escape = (text: string) => validator.escape(text);
  const form = page.confirm ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(page.confirm)}</button></form>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1rem}</style></head>
<body><h1>${escape(page.title)}</h1>${page.paragraphs.map((text) => `<p>${escape(text)}</p>`).join('')}${form}</body></html>
`;
}

function send(reply: FastifyReply, page: Page): FastifyReply {
  return reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(html(page));
}

const INVALID: Page = {
  status: 404,
  title: 'This link does not work',
  paragraphs: ['This unsubscribe link is not valid. Please use the link from the e-mail as it came, or reply to the e-mail and ask not to be contacted again.'],
};

export interface UnsubscribeDeps {
  pool: Pool;
  clock: Clock;
  log: Logger;
  signals: LeadOutcomes;
  /** The engine's SECRET_KEY; without it no link was ever made, and none is valid. */
  secretKey: Buffer | undefined;
}

const params = Type.Object({ token: Type.String({ description: "The link's token: `<lead id>.<signature>`" }) });
const pages = (ok: string) => ({ 200: htmlResponse(ok), 404: htmlResponse('The link does not work (a token that does not verify)') });

const SCHEMAS = {
  page: {
    summary: 'The unsubscribe page',
    description: "The page an e-mail's unsubscribe link opens, with a button; it changes nothing (mail scanners open links).",
    tags: ['Unsubscribe'],
    operationId: 'getUnsubscribePage',
    params,
    response: pages('The page with its button'),
  },
  unsubscribe: {
    summary: 'Unsubscribe a lead',
    description:
      "The button, or a mail client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`, in any body type): the lead ends `unsubscribed` at once, its queued touches cancelled. Asking again answers the same page.",
    tags: ['Unsubscribe'],
    operationId: 'unsubscribe',
    params,
    response: pages('Unsubscribed'),
  },
};

/** Up to this much body is read from a one-click POST (`List-Unsubscribe=One-Click`, RFC 8058). */
const ONE_CLICK_BODY_LIMIT_BYTES = 4096;

/**
 * The one-click POST's `preParsing`: its body is read (up to ONE_CLICK_BODY_LIMIT_BYTES, else 413) and
 * dropped, and the request then counts as one without a body, so no content type is refused (415) and
 * no body, however malformed, stops an unsubscribe. RFC 8058 asks for `List-Unsubscribe=One-Click` as
 * form data, but mail clients and gateways vary, and the token alone decides: the docs promise any body
 * type. (A scope of its own with a catch-all parser cannot be had here: the routes are added while the
 * API-key scope loads, whose hooks a child would inherit.)
 */
async function oneClickBody(request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<Readable | FastifyReply> {
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > ONE_CLICK_BODY_LIMIT_BYTES) return reply.code(413).send({ error: 'payload_too_large' });
  }
  const headers = request.raw.headers;
  delete headers['content-type'];
  delete headers['transfer-encoding'];
  headers['content-length'] = '0';
  return Readable.from([]);
}

/**
 * The unsubscribe link of every e-mail, open to anyone who holds a token (no API key): `GET
 * /unsubscribe/{token}` shows a page with a button (a GET changes nothing: mail scanners open links),
 * `POST /unsubscribe/{token}` (the button, or a mail client's one-click POST of RFC 8058 with
 * `List-Unsubscribe=One-Click`, in any body type) ends the lead `unsubscribed` at once, its queued
 * touches cancelled. Asking again answers the same page. A token that does not verify answers 404 with a
 * page; no input answers 500.
 */
export function unsubscribeRoutes(open: HttpScope, deps: UnsubscribeDeps): void {
  const secrets = deps.secretKey === undefined ? undefined : new Secrets(deps.secretKey);
  const leadOf = async (token: string): Promise<{ leadId: number; accountId: number; company: string | null } | undefined> => {
    const leadId = secrets && leadOfToken(secrets, token);
    if (leadId === undefined) return undefined;
    const { rows } = await deps.pool.query<{ account_id: string; company: string | null }>(
      `SELECT l.account_id, s.sender_identity ->> 'company' AS company
       FROM autopilot_leads l LEFT JOIN autopilot_settings s ON s.account_id = l.account_id WHERE l.id = $1`,
      [leadId],
    );
    return rows[0] && { leadId, accountId: Number(rows[0].account_id), company: rows[0].company };
  };
  const from = (company: string | null) => (company ? ` from ${company}` : '');

  // The open scope's form parsers (its API-key child has its own already), which the open routes have
  // had since the one-click POST first needed them; that POST itself now reads its body before any
  // parser (oneClickBody).
  open.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  open.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  open.get('/unsubscribe/:token', { schema: SCHEMAS.page, config: { openLimit: 'unsubscribe' } }, async (request, reply) => {
    const lead = await leadOf(request.params.token);
    if (!lead) return send(reply, INVALID);
    return send(reply, {
      status: 200,
      title: 'Unsubscribe',
      paragraphs: [`Stop receiving these messages${from(lead.company)}? You will not be contacted again in this sequence.`],
      confirm: 'Unsubscribe',
    });
  });

  open.post('/unsubscribe/:token', { schema: SCHEMAS.unsubscribe, preParsing: oneClickBody, config: { openLimit: 'unsubscribe' } }, async (request, reply) => {
    const lead = await leadOf(request.params.token);
    if (!lead) return send(reply, INVALID);
    const applied = await deps.signals.unsubscribed({ accountId: lead.accountId, leadId: lead.leadId, occurredAt: deps.clock.now(), dedupeKey: `link:${lead.leadId}` });
    deps.log.info({ leadId: lead.leadId, effect: applied.effect }, 'unsubscribed by link');
    return send(reply, { status: 200, title: 'You are unsubscribed', paragraphs: [`You will receive no more messages in this sequence${from(lead.company)}.`] });
  });
}
