import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BriefView } from '../../../src/components/brief/BriefView';
import type { ResearchStatus } from '../../../src/components/brief/useResearchStatus';
import { renderPage } from '../../engine';

const ID = '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10';
const nulls = { id: 1, name: null, title: null, company: null, email: 'jane@ledgerly.example', linkedin_url: null, photo: null, last_role_start: null, summary: null, opening_talk: null, posts: null };
const company = {
  id: 1,
  ...Object.fromEntries(
    [
      'name',
      'description',
      'linkedin_url',
      'website',
      'industry',
      'hq',
      'revenue',
      'employees',
      'technologies',
      'problems',
      'services',
      'icp',
      'synergy_points',
      'discovery_questions',
      'clients',
      'news',
      'insights',
      'posts',
    ].map((field) => [field, null]),
  ),
};
const completed = (changes: Partial<Extract<ResearchStatus, { status: 'completed' }>> = {}) =>
  ({
    research_id: ID,
    status: 'completed',
    completed_at: '2026-11-20T10:00:00.000+00:00',
    data: { prospect: nulls, company, decision_makers: [] },
    cached: false,
    empty_reason: null,
    provenance: null,
    ...changes,
  }) as ResearchStatus;

describe('a research brief', () => {
  it('says a research is still running, and how long it may take', () => {
    renderPage(<BriefView research={{ research_id: ID, status: 'processing', estimated_seconds: 25 }} />);
    expect(screen.getByText('Researching. About 25 seconds left.')).toBeInTheDocument();
  });

  it('says a failed research has no brief and was refunded', () => {
    renderPage(<BriefView research={{ research_id: ID, status: 'failed', error: 'timeout' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('took too long and was stopped; its credit was refunded');
  });

  it('says why a brief is empty, and that the decision makers lookup failed rather than found none', () => {
    renderPage(
      <BriefView
        research={completed({
          empty_reason: 'sources_failed',
          provenance: { degraded: true, fields: { '/prospect/email': [{ source: 'request', fetched_at: null }] }, sources: [], decision_makers: 'lookup_failed' },
        })}
      />,
    );
    expect(screen.getByText('Nothing found about this prospect')).toBeInTheDocument();
    expect(screen.getByText('A source failed')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The prospect' })).toHaveTextContent('jane@ledgerly.exampleSource: your request');
    expect(screen.getByRole('region', { name: 'Decision makers' })).toHaveTextContent('The lookup failed: there may be some.');
    expect(screen.queryByRole('region', { name: 'For the rep' })).not.toBeInTheDocument();
  });

  it('shows a fact translated from its source as such, and a brief from the cache', () => {
    renderPage(
      <BriefView
        research={completed({
          cached: true,
          data: { prospect: { ...nulls, title: 'Head of Finance' }, company, decision_makers: [] } as never,
          provenance: {
            degraded: false,
            fields: { '/prospect/title': [{ source: 'peopledatalabs', fetched_at: '2026-10-02T08:11:40.020+00:00', translated: true }] },
            sources: [],
            decision_makers: 'none_found',
          },
        })}
      />,
    );
    expect(screen.getByText('From an earlier research')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The prospect' })).toHaveTextContent(/Head of FinanceSource: People Data Labs, .*2026.*\(translated\)/);
    expect(screen.getByRole('region', { name: 'Decision makers' })).toHaveTextContent('None found.');
  });
});
