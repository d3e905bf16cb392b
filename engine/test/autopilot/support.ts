import type { AutopilotInput, AutopilotSettings } from '../../src/autopilot/contract.ts';
import { client } from '../support/engine.ts';

/** The spec's settings for an account that set none (written out here, not read from the engine's defaults). */
export const SPEC_DEFAULT_SETTINGS: AutopilotSettings = {
  queue_wait_hours: 6,
  drop_behind_days: null,
  skip_role_based: false,
  skip_free_providers: false,
  excluded_domains: [],
  research_once: true,
  content_language: 'en',
  email_signature: null,
  sender_identity: null,
  email_ready: false,
};

/** The example document: EMEA SaaS companies of 50 to 500 people, one e-mail, aiming at meetings. */
export function emeaSaas(overrides: Partial<AutopilotInput> = {}): AutopilotInput {
  return {
    name: 'EMEA SaaS',
    enabled: true,
    fallback: false,
    filter: {
      match: 'all',
      rules: [
        { property: 'country', operator: 'is', values: ['Germany', 'France'] },
        { property: 'numberofemployees', operator: 'between', values: [50, 500] },
      ],
    },
    channels: ['email'],
    tone: 'Friendly',
    goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
    lead_origin: 'You downloaded our pricing guide last week.',
    sequence: [
      { day: 1, channel: 'email', kind: 'email', angle: 'Thank them for the download and ask one question about their pricing.', subject_angle: 'Their pricing guide', signals: ['posts', 'news'] },
    ],
    stop_conditions: {
      reply: true,
      call_connected: true,
      meeting_booked: true,
      invite_accepted: false,
      property_changes: [{ property: 'lifecyclestage', value: 'customer' }],
    },
    ...overrides,
  };
}

/** A catch-all: no rules, so it matches every lead. */
export function catchAll(name = 'Everyone else', overrides: Partial<AutopilotInput> = {}): AutopilotInput {
  return emeaSaas({ name, filter: { match: 'all', rules: [] }, ...overrides });
}

/** The Autopilot API as a caller sees it. */
export function autopilotApi(url: string, key: string) {
  const api = client(url, key);
  const path = (name: string) => `/autopilots/${encodeURIComponent(name)}`;
  return {
    request: api.request,
    list: (query = '') => api.request('GET', `/autopilots${query}`),
    get: (name: string) => api.request('GET', path(name)),
    put: (name: string, body: unknown) => api.request('PUT', path(name), { body }),
    delete: (name: string) => api.request('DELETE', path(name)),
    switch: (name: string, body: unknown) => api.request('PATCH', path(name), { body }),
    order: (names: unknown) => api.request('PUT', '/autopilots/order', { body: { names } }),
    settings: () => api.request('GET', '/autopilot/settings'),
    patchSettings: (body: unknown) => api.request('PATCH', '/autopilot/settings', { body }),
  };
}

/** The names of a list answer, top to bottom. */
export function namesOf(body: Record<string, unknown>): string[] {
  return (body.autopilots as { name: string }[]).map((autopilot) => autopilot.name);
}

/** A contact as a CRM sends it: created a second before the test clock's "now" unless said otherwise. */
export function crmContact(id: string, properties: Record<string, unknown>, createdAt: Date | string): { id: string; created_at: string; properties: Record<string, unknown> } {
  return { id, created_at: new Date(createdAt).toISOString(), properties };
}

/** The CRM port's HTTP form as a CRM (or an n8n workflow) calls it. */
export function crmApi(url: string, key: string) {
  const api = client(url, key);
  return {
    request: api.request,
    send: (contacts: unknown[]) => api.request('POST', '/autopilot/contacts', { body: { contacts } }),
    change: (id: string, properties: Record<string, unknown>) => api.request('POST', `/autopilot/contacts/${encodeURIComponent(id)}/properties`, { body: { properties } }),
    contact: (id: string) => api.request('GET', `/autopilot/contacts/${encodeURIComponent(id)}`),
    leads: (query = '') => api.request('GET', `/autopilot/leads${query}`),
    preview: (name: string, body: unknown, query = '') => api.request('POST', `/autopilots/${encodeURIComponent(name)}/preview${query}`, { body }),
  };
}
