/**
 * What the settings page reads and sends: the engine's `GET`/`PUT /hubspot/settings`
 * (crm-app/src/portalSettings/), as plain types. HubSpot bundles this folder on its own, so it imports
 * nothing of the engine; the UI test checks these types against the engine's answer schema.
 */

/**
 * The engine's address: `hubspot.fetch` takes only fully qualified HTTPS URLs listed in the app's
 * `permittedUrls.fetch` (app-hsmeta.json); replace it with your PUBLIC_URL with the other example URLs
 * before `hs project upload` (README "The developer project").
 */
export const ENGINE_URL = 'https://research.example.com';
export const SETTINGS_URL = `${ENGINE_URL}/hubspot/settings`;

export type Watch = 'webhook' | 'sweep' | 'not_watched';

export interface SettingsAnswer {
  portal_id: number;
  state: 'connected' | 'unclaimed' | 'disconnected';
  account: { id: number; name: string } | null;
  claim: string | null;
  autopilots: { name: string; position: number; fallback: boolean; takes: string; does: string; enabled_at: string }[];
  stop_properties: { property: string; watched: Watch; text: string }[];
  writeback: { property: string; label: string; on: boolean }[];
  notes: boolean;
  notes_text: string;
  updated_at: string | null;
}

/** A change the page saves: one property on or off, or notes on or off. */
export type SettingsChange = { writeback: Record<string, boolean> } | { notes: boolean };

/** `hubspot.fetch`, as far as the page uses it (a test hands in its own). */
export type Fetcher = (url: string, options?: { method?: 'GET' | 'PUT'; body?: Record<string, unknown>; timeout?: number }) => Promise<Response>;

/**
 * The engine's answer, or its words when it refused: an error answer's `message` or the first of its
 * `problems`, else its code, else the HTTP status.
 */
export async function readAnswer(response: Response): Promise<SettingsAnswer> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && body !== null && typeof body === 'object') return body as SettingsAnswer;
  const error = (body ?? {}) as { error?: unknown; message?: unknown; problems?: { message?: unknown }[] };
  const words = typeof error.message === 'string' ? error.message : typeof error.problems?.[0]?.message === 'string' ? error.problems[0].message : undefined;
  throw new Error(words ?? (typeof error.error === 'string' ? `Prospect Research answered ${error.error}` : `Prospect Research answered HTTP ${response.status}`));
}
