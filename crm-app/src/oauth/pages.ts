/**
 * The install pages a CRM admin sees: plain HTML, no script, readable on a phone. Every value is
 * escaped; nothing from the query string is echoed except through `escape`.
 */
import { escape } from '../html.ts';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2933;line-height:1.5}
h1{font-size:1.5rem}main{border:1px solid #d9e2ec;border-radius:8px;padding:1.5rem}
.button{display:inline-block;background:#ff7a59;color:#fff;padding:.6rem 1.2rem;border-radius:4px;text-decoration:none;font-weight:600}
.problem h1{color:#b42318}ul{padding-left:1.2rem}code{background:#f0f4f8;padding:0 .2rem}`;

function page(title: string, body: string, kind: 'ok' | 'problem'): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Prospect Research</title><style>${STYLE}</style></head>
<body><main class="${kind}" data-page="${kind}"><h1>${escape(title)}</h1>
${body}
</main></body></html>`;
}

/** What each scope lets the app do, in words for the admin. */
const SCOPE_WORDS: Record<string, string> = {
  'crm.objects.contacts.read': 'read your contacts, so new ones can enter an Autopilot',
  'crm.objects.contacts.write': "write each contact's Autopilot, outcome and research on it",
  'crm.schemas.contacts.write': 'create the "Prospect Research" contact properties those are written to',
};

export function startPage(accountName: string, authorizeUrl: string, scopes: string[]): string {
  const items = scopes.map((scope) => `<li>${escape(SCOPE_WORDS[scope] ?? scope)} (<code>${escape(scope)}</code>)</li>`).join('');
  return page(
    'Connect HubSpot to Prospect Research',
    `<p>This connects a HubSpot account to the Prospect Research account <strong data-account>${escape(accountName)}</strong>.</p>
<p>HubSpot will ask you to choose the HubSpot account and to allow the app to:</p><ul>${items}</ul>
<p><a class="button" id="connect" href="${escape(authorizeUrl)}">Connect HubSpot</a></p>
<p>Nothing in your HubSpot account changes until you allow it there.</p>`,
    'ok',
  );
}

export function successPage(accountName: string, portalId: number, hubDomain: string | null, again: boolean): string {
  return page(
    again ? 'HubSpot is connected again' : 'HubSpot is connected',
    `<p>The HubSpot account <strong data-portal>${escape(hubDomain ?? String(portalId))}</strong> (ID ${portalId}) is connected to the Prospect Research account <strong data-account>${escape(accountName)}</strong>.</p>
<p>New contacts now reach your Autopilots. A property group "Prospect Research" with the contact properties we write is being created in HubSpot; it appears within a minute.</p>
<p>You can close this page.</p>`,
    'ok',
  );
}

export interface Problem {
  status: number;
  title: string;
  text: string;
}

export const PROBLEMS = {
  invalidLink: { status: 400, title: 'This install link does not work', text: 'The link is incomplete or was changed. Ask the person who sent it for a new one (prospect-engine hubspot install-link).' },
  expiredLink: { status: 410, title: 'This install link has expired', text: 'Install links work for 7 days. Ask the person who sent it for a new one (prospect-engine hubspot install-link).' },
  unknownAccount: { status: 404, title: 'This account no longer exists', text: 'The Prospect Research account this link was made for is gone. Ask for a new link.' },
  invalidState: { status: 400, title: 'This sign-in could not be checked', text: 'HubSpot sent you back with a request we did not make or that was changed. Start again from your install link.' },
  expiredState: { status: 400, title: 'This sign-in took too long', text: 'The connection must be finished within 30 minutes of opening the install link. Start again from your install link.' },
  denied: { status: 400, title: 'HubSpot was not connected', text: 'You did not allow the app in HubSpot, so nothing was connected and nothing changed in your HubSpot account. To connect it, open your install link again and choose "Connect app".' },
  exchangeFailed: { status: 502, title: 'HubSpot did not complete the connection', text: 'HubSpot did not accept our request for access (it may be busy, or the sign-in was already used). Start again from your install link in a minute.' },
  wrongApp: { status: 400, title: 'HubSpot answered for another app', text: 'The access HubSpot granted belongs to a different app than this service is configured for (HUBSPOT_APP_ID). Tell the people who run Prospect Research.' },
  missingCode: { status: 400, title: 'HubSpot sent you back without an answer', text: 'The address has no authorization code. Start again from your install link.' },
} as const satisfies Record<string, Problem>;

export function problemPage(problem: Problem, detail?: string): string {
  return page(problem.title, `<p data-problem>${escape(problem.text)}</p>${detail ? `<p>${escape(detail)}</p>` : ''}`, 'problem');
}

export function conflictPage(portalId: number): Problem & { html: string } {
  const problem = {
    status: 409,
    title: 'This HubSpot account is connected to another Prospect Research account',
    text: `HubSpot account ${portalId} already sends its contacts to another Prospect Research account. Disconnect it there first (prospect-engine hubspot disconnect --portal ${portalId}), then use the install link again.`,
  };
  return { ...problem, html: problemPage(problem) };
}
