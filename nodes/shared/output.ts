import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * What the nodes output for a research job: the API's answer as it is, or (the default, n8n's usual
 * Simplify switch) a flat item an automation maps field by field and an AI agent reads cheaply.
 */

/** n8n's usual top-level Simplify switch (name, label and description as n8n's own nodes have them). */
export const simplifyProperty: INodeProperties = {
  displayName: 'Simplify',
  name: 'simple',
  type: 'boolean',
  default: true,
  description: 'Whether to return a simplified version of the response instead of the raw data',
  hint: 'On: flat fields (email, research_id, status, the key facts of the brief). Off: the whole API answer, about 11 KB per brief.',
};

function object(value: unknown): IDataObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The brief's `employees` is text: a count ("180") or a range ("51-200", "10001+"). A count becomes a
 * number; anything else stays text in its own field, so each field keeps one type.
 */
function employees(value: unknown): { company_employees: number | null; company_employees_range: string | null } {
  const text = textOrNull(value)?.trim() ?? null;
  if (text !== null && /^\d+$/.test(text)) return { company_employees: Number(text), company_employees_range: null };
  return { company_employees: null, company_employees_range: text === '' ? null : text };
}

/** A list of text as one cell of a sheet: an entry a line; null when there is none. */
function lines(value: unknown): string | null {
  const entries = Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '') : [];
  return entries.length > 0 ? entries.join('\n') : null;
}

/** A decision maker as a line of a sheet's cell: "John Roe, CEO (https://www.linkedin.com/in/john)". */
function personLine(person: IDataObject): string {
  const name = [person.full_name, person.position_title].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return typeof person.linkedin_url === 'string' && person.linkedin_url !== '' ? `${name} (${person.linkedin_url})` : name;
}

function brief(response: IDataObject): IDataObject {
  const data = object(response.data);
  const prospect = object(data.prospect);
  const company = object(data.company);
  const decisionMakers = Array.isArray(data.decision_makers) ? (data.decision_makers as unknown[]).map(object) : [];
  return {
    completed_at: response.completed_at ?? null,
    // Added to the API later than the rest: an older engine sends neither.
    cached: typeof response.cached === 'boolean' ? response.cached : null,
    empty_reason: textOrNull(response.empty_reason),
    prospect_name: prospect.name ?? null,
    prospect_title: prospect.title ?? null,
    prospect_linkedin_url: prospect.linkedin_url ?? null,
    prospect_summary: prospect.summary ?? null,
    opening_talk: prospect.opening_talk ?? null,
    company_name: company.name ?? null,
    company_website: company.website ?? null,
    company_linkedin_url: company.linkedin_url ?? null,
    company_industry: company.industry ?? null,
    company_hq: company.hq ?? null,
    ...employees(company.employees),
    company_revenue: company.revenue ?? null,
    synergy_points: company.synergy_points ?? null,
    discovery_questions: company.discovery_questions ?? null,
    decision_makers: decisionMakers.map((person) => ({
      full_name: person.full_name ?? null,
      position_title: person.position_title ?? null,
      linkedin_url: person.linkedin_url ?? null,
    })),
    // The lists again as text, one entry a line, for a sheet's cell (a list there shows as [object Object]).
    opening_talk_text: lines(prospect.opening_talk),
    synergy_points_text: lines(company.synergy_points),
    discovery_questions_text: lines(company.discovery_questions),
    decision_makers_text: lines(decisionMakers.map(personLine)),
  };
}

/**
 * A job's answer as a flat item: the 202 of `POST /research`, a `GET /research-status` answer, or a
 * node's `{research_id, status, error}` for a failed or timed-out job. `email` and `research_id` come
 * first and are always there, so items can be matched to their prospects without relying on order.
 * `email` is the one the node submitted, else the brief's (a status read knows no e-mail until the
 * brief is there: then it is null).
 */
export function simplify(answer: IDataObject, email?: string): IDataObject {
  const status = answer.status;
  const item: IDataObject = {
    email: email ?? textOrNull(object(object(answer.data).prospect).email),
    research_id: answer.research_id ?? null,
    status: status ?? null,
  };
  if (answer.error !== undefined) item.error = answer.error;
  else if (status === 'queued' || status === 'processing') {
    item.estimated_seconds = typeof answer.estimated_seconds === 'number' ? answer.estimated_seconds : null;
  }
  if (status === 'completed') Object.assign(item, brief(answer));
  return item;
}

/** The item to output for a job's answer, by the node's Simplify switch. */
export function present(answer: IDataObject, simple: boolean, email?: string): IDataObject {
  return simple ? simplify(answer, email) : answer;
}
