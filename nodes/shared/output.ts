import type { IDataObject } from 'n8n-workflow';

export type OutputFormat = 'full' | 'simplified';

function object(value: unknown): IDataObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/** A completed status answer as the node outputs it: all of it, or the brief's key fields, flat. */
export function toOutput(response: IDataObject, format: OutputFormat): IDataObject {
  if (format === 'full') return response;
  const data = object(response.data);
  const prospect = object(data.prospect);
  const company = object(data.company);
  const decisionMakers = Array.isArray(data.decision_makers) ? (data.decision_makers as IDataObject[]) : [];
  return {
    research_id: response.research_id,
    status: response.status,
    completed_at: response.completed_at ?? null,
    prospect_name: prospect.name ?? null,
    prospect_title: prospect.title ?? null,
    prospect_email: prospect.email ?? null,
    prospect_linkedin_url: prospect.linkedin_url ?? null,
    prospect_summary: prospect.summary ?? null,
    opening_talk: prospect.opening_talk ?? null,
    company_name: company.name ?? null,
    company_website: company.website ?? null,
    company_linkedin_url: company.linkedin_url ?? null,
    company_industry: company.industry ?? null,
    company_hq: company.hq ?? null,
    company_employees: company.employees ?? null,
    company_revenue: company.revenue ?? null,
    synergy_points: company.synergy_points ?? null,
    discovery_questions: company.discovery_questions ?? null,
    decision_makers: decisionMakers.map((person) => ({
      full_name: person.full_name ?? null,
      position_title: person.position_title ?? null,
      linkedin_url: person.linkedin_url ?? null,
    })),
  };
}
