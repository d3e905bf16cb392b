import type { Identities, ResearchInput, ResearchOutcome, ResearchPipeline } from './pipeline.ts';
import type { Company, Prospect } from './resultSchema.ts';

/**
 * The pipeline while no enrichment source or writer exists: it returns only what is known for
 * certain (the e-mail, the ids, and the fields the caller supplied) and null for everything else.
 */
export class SourcelessPipeline implements ResearchPipeline {
  readonly fingerprint = 'sourceless-v1';

  async run(input: ResearchInput, identities: Identities, signal: AbortSignal): Promise<ResearchOutcome> {
    signal.throwIfAborted();
    const domain = input.email.slice(input.email.lastIndexOf('@') + 1);
    const [personId, companyId] = await Promise.all([identities.personByEmail(input.email), identities.companyByDomain(domain)]);
    const now = new Date();
    const prospect: Prospect = {
      id: personId,
      name: input.prospectName ?? null,
      title: null,
      company: input.companyName ?? null,
      email: input.email,
      linkedin_url: input.linkedinUrl ?? null,
      photo: null,
      last_role_start: null,
      summary: null,
      opening_talk: null,
      posts: null,
    };
    const company: Company = {
      id: companyId,
      name: input.companyName ?? null,
      description: null,
      linkedin_url: input.companyLinkedinUrl ?? null,
      website: null,
      industry: null,
      hq: null,
      revenue: null,
      employees: null,
      technologies: null,
      problems: null,
      services: null,
      icp: null,
      synergy_points: null,
      discovery_questions: null,
      clients: null,
      news: null,
      insights: null,
      posts: null,
    };
    return {
      data: { prospect, company, decision_makers: [] },
      fetchedAt: { person: now, company: now, decisionMakers: input.decisionMakers ? now : null },
    };
  }
}
