/**
 * The install pages a CRM admin sees: plain HTML, no script, readable on a phone. Every value is
 * escaped; nothing from the query string is echoed except through `escape`. Each page ends with the
 * app's documentation and, when one is configured, its support address.
 */
import { escape } from '../html.ts';
import type { HubSpotSettings } from '../settings.ts';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2933;line-height:1.5}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.5rem}main{border:1px solid #d9e2ec;border-radius:8px;padding:1.5rem}
.button{display:inline-block;background:#ff7a59;color:#fff;padding:.6rem 1.2rem;border-radius:4px;text-decoration:none;font-weight:600}
.problem h1{color:#b42318}ul{padding-left:1.2rem}code{background:#f0f4f8;padding:0 .2rem}
.code{font:600 1.4rem ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.05em;background:#f0f4f8;padding:.5rem .8rem;border-radius:4px;display:inline-block}
footer{margin-top:1.5rem;font-size:.9rem;color:#52606d}`;

/** Where the pages send a CRM admin for more: the app's documentation, and its support when configured. */
export interface HelpLinks {
  docsUrl: string;
  supportUrl: string | undefined;
}

function footer(links: HelpLinks): string {
  const support = links.supportUrl ? ` · <a data-support href="${escape(links.supportUrl)}">Support</a>` : '';
  return `<footer><a data-docs href="${escape(links.docsUrl)}">What the Prospect Research app does</a>${support}</footer>`;
}

function page(title: string, body: string, kind: 'ok' | 'problem', links: HelpLinks): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Prospect Research</title><style>${STYLE}</style></head>
<body><main class="${kind}" data-page="${kind}"><h1>${escape(title)}</h1>
${body}
${footer(links)}
</main></body></html>`;
}

/** What each scope lets the app do, in words for the admin. */
export const SCOPE_WORDS: Record<string, string> = {
  'crm.objects.contacts.read':
    'read your contacts, so new ones can enter an Autopilot, and the calls, meetings and e-mails logged on them (of an e-mail only its direction and time), so a reply, a connected call or a booked meeting can end a sequence',
  'crm.objects.contacts.write': "write each contact's Autopilot, outcome and research on it, and log each research brief as a note on the contact",
  'crm.schemas.contacts.write': 'create the "Prospect Research" contact properties those are written to',
  timeline: "show on each contact's timeline the Autopilot's touches sent, the contact's reply and how the sequence ended",
  oauth: 'uninstall itself from your HubSpot account when the app is disconnected on the Prospect Research side',
  'sales-email-read': "read the subject of e-mails logged on your contacts (never their body), so an out-of-office or another automatic reply is never taken for the contact's answer",
};

type Scopes = Pick<HubSpotSettings, 'scopes' | 'optionalScopes'>;

/** The scopes in words: those HubSpot asks the admin to allow, then those the admin may leave out. */
function scopeLists({ scopes, optionalScopes }: Scopes): string {
  const items = (list: string[]) => list.map((scope) => `<li>${escape(SCOPE_WORDS[scope] ?? scope)} (<code>${escape(scope)}</code>)</li>`).join('');
  const optional = optionalScopes.length > 0 ? `<p>And, if you allow it (you may leave it out; the app works without it):</p><ul data-optional-scopes>${items(optionalScopes)}</ul>` : '';
  return `<ul data-scopes>${items(scopes)}</ul>${optional}`;
}

/** What the app does, in a few lines: on the start page and the help page. */
const WHAT_IT_DOES = `<ul data-does>
<li>New contacts enter your Prospect Research Autopilots, which research them and reach out as you set them up.</li>
<li>Each contact shows its Autopilot, outcome, end reason, research status and summary, and last touch, in contact properties of a "Prospect Research" group.</li>
<li>Each completed research brief is logged as a note on its contact; each touch sent, reply and end of a sequence shows on the contact's timeline.</li>
<li>Calls, meetings and e-mails logged on your contacts are read (of an e-mail only its direction, time and, if you allow it, subject) so that a reply, a connected call or a booked meeting ends the contact's sequence, and an automatic reply does not.</li>
</ul>`;

export function startPage(accountName: string, authorizeUrl: string, scopes: Scopes, links: HelpLinks): string {
  return page(
    'Connect HubSpot to Prospect Research',
    `<p>This connects a HubSpot account to the Prospect Research account <strong data-account>${escape(accountName)}</strong>.</p>
<h2>What the app does</h2>${WHAT_IT_DOES}
<h2>What HubSpot will ask you to allow</h2>
<p>HubSpot will ask you to choose the HubSpot account and to allow the app to:</p>${scopeLists(scopes)}
<p><a class="button" id="connect" href="${escape(authorizeUrl)}">Connect HubSpot</a></p>
<p>Nothing in your HubSpot account changes until you allow it there. Finish in this browser within 30 minutes.</p>`,
    'ok',
    links,
  );
}

const portalName = (portalId: number, hubDomain: string | null) => `<strong data-portal>${escape(hubDomain ?? String(portalId))}</strong> (ID ${portalId})`;

/**
 * The portal is connected to an account. `again`: it fed this account before, so its properties are
 * checked rather than created, and its tokens were renewed.
 */
export function successPage(accountName: string, portalId: number, hubDomain: string | null, again: boolean, links: HelpLinks): string {
  const properties = again
    ? '<p>Its access was renewed. The "Prospect Research" contact properties are checked again; those already there are left as they are.</p>'
    : '<p>A property group "Prospect Research" with the contact properties we write is being created in HubSpot; it appears within a minute.</p>';
  return page(
    again ? 'HubSpot is connected again' : 'HubSpot is connected',
    `<p>The HubSpot account ${portalName(portalId, hubDomain)} is ${again ? 'connected again' : 'connected'} to the Prospect Research account <strong data-account>${escape(accountName)}</strong>.</p>
<p>New contacts now reach its Autopilots.</p>
${properties}
<p>You can close this page.</p>`,
    'ok',
    links,
  );
}

/**
 * Installed from HubSpot, not yet attached to an account: the one-time claim code, how long it works,
 * and what to do with it. Shown once: only a hash of the code is kept.
 */
export function claimPage(portalId: number, hubDomain: string | null, claimCode: string, expiresAt: Date, links: HelpLinks): string {
  return page(
    'HubSpot is connected: one step left',
    `<p>The HubSpot account ${portalName(portalId, hubDomain)} is connected to Prospect Research, but not yet to a Prospect Research account, so its contacts are not taken yet and nothing is written to it.</p>
<p>Give this claim code to the person who runs your Prospect Research account:</p>
<p><span class="code" data-claim-code>${escape(claimCode)}</span></p>
<p>It works once, until <time data-expires datetime="${expiresAt.toISOString()}">${escape(expiresAt.toUTCString())}</time> (24 hours). It is shown only on this page: copy it now.</p>
<p>With it, they attach this HubSpot account to theirs with the account's API key: <code>POST /hubspot/portals/claim</code> with <code>{"claim_code": "..."}</code>, or on the server <code>prospect-engine hubspot claim --account &lt;id&gt; --code &lt;code&gt;</code>. From then on new contacts reach their Autopilots. If the code expires, install the app again from HubSpot for a new one.</p>`,
    'ok',
    links,
  );
}

export interface Problem {
  status: number;
  title: string;
  text: string;
}

export const PROBLEMS = {
  invalidLink: {
    status: 400,
    title: 'This install link does not work',
    text: 'The link is incomplete or was changed. Ask the person who sent it for a new one (prospect-engine hubspot install-link).',
  },
  expiredLink: { status: 410, title: 'This install link has expired', text: 'Install links work for 7 days. Ask the person who sent it for a new one (prospect-engine hubspot install-link).' },
  unknownAccount: { status: 404, title: 'This account no longer exists', text: 'The Prospect Research account this link was made for is gone. Ask for a new link.' },
  invalidState: { status: 400, title: 'This sign-in could not be checked', text: 'HubSpot sent you back with a request we did not make or that was changed. Start again from your install link.' },
  expiredState: { status: 400, title: 'This sign-in took too long', text: 'The connection must be finished within 30 minutes of opening the install link. Start again from your install link.' },
  otherBrowser: {
    status: 400,
    title: 'This sign-in was started in another browser',
    text: 'For your safety, the connection must be finished in the browser that opened the install link (it may also have been more than 30 minutes ago). Open your install link in this browser and start again.',
  },
  usedState: { status: 400, title: 'This sign-in was already used', text: 'Each connection started from an install link can be finished once. Start again from your install link.' },
  linkUsed: {
    status: 409,
    title: 'This install link already connected another HubSpot account',
    text: 'An install link connects one HubSpot account (and can connect that one again). Nothing was connected. Ask the person who sent it for a new link (prospect-engine hubspot install-link) to connect this HubSpot account.',
  },
  denied: {
    status: 400,
    title: 'HubSpot was not connected',
    text: 'You did not allow the app in HubSpot, so nothing was connected and nothing changed in your HubSpot account. To connect it, open your install link again and choose "Connect app".',
  },
  exchangeFailed: {
    status: 502,
    title: 'HubSpot did not complete the connection',
    text: 'HubSpot did not accept our request for access (it may be busy, or the sign-in was already used). Start again in a minute, from your install link or from HubSpot.',
  },
  wrongApp: {
    status: 400,
    title: 'HubSpot answered for another app',
    text: 'The access HubSpot granted belongs to a different app than this service is configured for (HUBSPOT_APP_ID). Tell the people who run Prospect Research.',
  },
  missingCode: { status: 400, title: 'HubSpot sent you back without an answer', text: 'The address has no authorization code. Start again from your install link or from HubSpot.' },
} as const satisfies Record<string, Problem>;

export function problemPage(problem: Problem, links: HelpLinks, detail?: string): string {
  return page(problem.title, `<p data-problem>${escape(problem.text)}</p>${detail ? `<p>${escape(detail)}</p>` : ''}`, 'problem', links);
}

export function conflictPage(portalId: number, links: HelpLinks): Problem & { html: string } {
  const problem = {
    status: 409,
    title: 'This HubSpot account is connected to another Prospect Research account',
    text: `HubSpot account ${portalId} already sends its contacts to another Prospect Research account. Disconnect it there first (prospect-engine hubspot disconnect --portal ${portalId}), then use the install link again.`,
  };
  return { ...problem, html: problemPage(problem, links) };
}

/** `GET /hubspot/help` (the default of HUBSPOT_DOCS_URL): what the app does, how it is installed, claimed and removed. */
export function helpPage(scopes: Scopes, links: HelpLinks): string {
  const support = links.supportUrl
    ? `<p>Support: <a href="${escape(links.supportUrl)}">${escape(links.supportUrl.replace(/^mailto:/, ''))}</a>.</p>`
    : '<p>For help, ask the people who run Prospect Research for your company.</p>';
  return page(
    'The Prospect Research app for HubSpot',
    `<h2>What it does</h2>${WHAT_IT_DOES}
<h2>What it asks HubSpot for</h2>${scopeLists(scopes)}
<h2>Installing it</h2>
<p>With an install link from the people who run Prospect Research, the HubSpot account is connected to the Prospect Research account the link names. Installed from HubSpot instead, the page that follows shows a one-time claim code (it works for 24 hours): the Prospect Research account enters it to attach the HubSpot account; until then its contacts are not taken.</p>
<h2>Removing it</h2>
<p>Uninstall the app in HubSpot (Settings, Integrations, Connected apps), or ask the people who run Prospect Research to disconnect it, which uninstalls it from HubSpot too. Either way its contacts are no longer taken and nothing more is written to HubSpot; what was written stays in your HubSpot account.</p>
<h2>Help</h2>${support}`,
    'ok',
    { docsUrl: links.docsUrl, supportUrl: undefined },
  );
}
