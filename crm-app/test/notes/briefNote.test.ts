/** A research brief as the note a CRM user reads on the contact. */
import { describe, expect, it } from 'vitest';
import { briefNote, clip, DECISION_MAKERS_LISTED, NOTE_BODY_LIMIT, TEXT_LIMIT } from '../../src/notes/briefNote.ts';
import { storedBrief } from '../support.ts';

const RESEARCH_ID = '3f0c9a4e-0000-4000-8000-000000000001';
const COMPLETED = new Date('2026-11-22T03:06:20.709Z');

function note(brief: ReturnType<typeof storedBrief>) {
  return briefNote({ researchId: RESEARCH_ID, completedAt: COMPLETED, data: brief.data, provenance: brief.provenance });
}

describe('the research brief as a note', () => {
  it('reads as the brief: who, the summary, the company, its news with links, and the sources that found each part', () => {
    expect(note(storedBrief())).toBe(
      '<p><strong>Prospect Research brief</strong><br>Completed 2026-11-22 03:06 UTC · research 3f0c9a4e-0000-4000-8000-000000000001</p>' +
        '<p><strong>Ada Byron</strong><br>Head of Finance at Acme Analytics<br>In this role since 2024-03-01<br><a href="https://www.linkedin.com/in/ada-byron">Profile</a></p>' +
        '<p>Ada leads finance at Acme Analytics. She writes about closing the books faster.</p>' +
        '<p><strong>Conversation starters</strong></p><ul><li>Her post on a five-day close</li></ul>' +
        '<p><em>Facts from: Apollo, Contact record</em></p>' +
        '<p><strong>Company: Acme Analytics</strong></p><p>software · Berlin, Germany · 120 employees<br><a href="https://acme.example/">Website</a></p>' +
        '<p>Acme Analytics sells forecasting software to retailers.</p>' +
        '<p><strong>Discovery questions</strong></p><ul><li>How long does your month-end close take?</li></ul>' +
        '<p><strong>Technologies</strong></p><p>Snowflake</p>' +
        '<p><strong>News</strong></p><ul><li>Acme Analytics raised a Series B. (2026-09) <a href="https://news.example/acme-series-b">article</a></li></ul>' +
        '<p><em>Facts from: Company website, Google News</em></p>' +
        '<p><strong>Sources</strong></p><ul><li>Apollo: person; fetched 2026-11-22</li><li>Company website: company; fetched 2026-11-22</li><li>Google News: news; fetched 2026-11-22</li></ul>',
    );
  });

  it('says nothing the brief does not: empty fields are left out, and sources not recorded are said to be so', () => {
    const html = note(
      storedBrief({
        prospect: { name: null, title: null, last_role_start: null, linkedin_url: null, summary: null, opening_talk: null },
        company: { description: null, website: null, industry: null, hq: null, employees: null, technologies: null, discovery_questions: null, news: null },
        provenance: null,
      }),
    );
    expect(html).toBe(
      '<p><strong>Prospect Research brief</strong><br>Completed 2026-11-22 03:06 UTC · research 3f0c9a4e-0000-4000-8000-000000000001</p>' +
        '<p>Acme Analytics</p><p><strong>Company: Acme Analytics</strong></p>' +
        '<p><strong>Sources</strong></p><p>Not recorded for this research.</p>',
    );
  });

  it('names the sources that failed, so the reader knows the brief may lack what they know', () => {
    const brief = storedBrief();
    brief.provenance!.degraded = true;
    brief.provenance!.sources.push({ source: 'peopledatalabs', part: 'person', outcome: 'failed', at: '2026-11-22T03:06:19.000+00:00', cached: false, failure: 'http_5xx' });
    expect(note(brief)).toContain('<p>Not reached: People Data Labs (person). The brief may lack what they know.</p>');
  });

  it('escapes everything the brief holds: markup shows as text, and only http(s) addresses become links', () => {
    const html = note(
      storedBrief({
        prospect: { name: '<script>alert("name")</script>', summary: 'Fine & <img src=x onerror=alert(1)>', linkedin_url: 'javascript:alert(1)' },
        company: {
          name: 'Acme</strong><script>alert(2)</script>',
          news: [{ summary: '"><script>alert(3)</script>', url: 'https://news.example/a?x="><script>alert(4)</script>', date: '2026-09' }],
          website: 'data:text/html,<script>alert(5)</script>',
        },
      }),
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain('<strong>&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;</strong>');
    expect(html).toContain('<p>Fine &amp; &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).toContain('javascript:alert(1)</p>');
    expect(html).toContain('<p><strong>Company: Acme&lt;/strong&gt;&lt;script&gt;alert(2)&lt;/script&gt;</strong></p>');
    expect(html).toContain('<li>&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt; (2026-09) <a href="https://news.example/a?x=%22%3E%3Cscript%3Ealert(4)%3C/script%3E">article</a></li>');
  });

  it("keeps within HubSpot's limit: long texts clipped at a word, what does not fit left out (saying so), the sources always kept", () => {
    const long = 'word '.repeat(3000);
    const many = [long, long, long, long];
    // Every character of the decision makers' names and titles escapes to five: more than a note holds.
    const people = Array.from({ length: 10 }, (_, i) => ({
      id: i + 10,
      full_name: '&'.repeat(5000),
      position_title: '<'.repeat(5000),
      linkedin_url: 'https://www.linkedin.com/in/x',
      picture_url: null,
      location_text: null,
      company_name: 'Acme',
    }));
    const html = note(
      storedBrief({ prospect: { summary: long }, company: { description: long, problems: many, services: many, icp: many, insights: many, synergy_points: many }, decision_makers: people }),
    );
    expect(html.length).toBeLessThanOrEqual(NOTE_BODY_LIMIT);
    expect(html).not.toContain('Decision makers');
    expect(clip(long).length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(clip(long).endsWith('word word…')).toBe(true);
    expect(html).toContain(`<p>${clip(long)}</p>`);
    expect(html).toContain('<p>The rest of the brief is longer than a HubSpot note holds and is left out.</p><p><strong>Sources</strong></p>');
    expect(html.endsWith('<li>Google News: news; fetched 2026-11-22</li></ul>')).toBe(true);
  });

  it(`lists ${DECISION_MAKERS_LISTED} decision makers and says how many more there are`, () => {
    const people = Array.from({ length: 25 }, (_, i) => ({
      id: i + 10,
      full_name: `Person ${i}`,
      position_title: 'CFO',
      linkedin_url: `https://www.linkedin.com/in/p${i}`,
      picture_url: null,
      location_text: i === 0 ? 'Berlin' : null,
      company_name: 'Acme',
    }));
    const html = note(storedBrief({ decision_makers: people }));
    expect(html.match(/<li>Person \d+, CFO at Acme/g)).toHaveLength(DECISION_MAKERS_LISTED);
    expect(html).toContain('<p><strong>Decision makers</strong></p><ul><li>Person 0, CFO at Acme (Berlin) <a href="https://www.linkedin.com/in/p0">profile</a></li>');
    expect(html).toContain('</ul><p>and 15 more</p>');
  });
});
