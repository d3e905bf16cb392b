/**
 * What each engine lead event shows on the HubSpot timeline (src/timeline/appEvents.ts), checked against
 * the event types the project declares: every channel, outcome and end reason the engine has is one its
 * event type takes.
 */
import type { SourceEvent } from '@prospect-research/engine';
import { CHANNELS, LEAD_END_REASONS } from '@prospect-research/engine/autopilot-contract';
import { describe, expect, it } from 'vitest';
import { occurrencesOf, plainText, SUBJECT_LIMIT } from '../../src/timeline/appEvents.ts';
import { occurrenceProblems } from './appEventFiles.ts';

const base = { seq: '7', id: 'evt_1', occurredAt: new Date('2030-01-07T10:00:00Z'), leadId: 3, contactId: '501', autopilot: 'EMEA SaaS', contactRemoved: false };
const touch = (data: Record<string, unknown>): SourceEvent => ({ ...base, type: 'touch.sent', data });
const ended = (type: 'lead.responded' | 'lead.closed', outcome: string, endReason: string, replyChannel?: string | null): SourceEvent => ({
  ...base,
  type,
  data: { outcome, end_reason: endReason },
  ...(replyChannel === undefined ? {} : { replyChannel }),
});

describe('occurrences of lead events', () => {
  it('takes every channel, outcome and end reason the engine has, as the event types declare them', () => {
    const all = [
      ...CHANNELS.map((channel, step) => touch({ step, channel, subject: 'Pricing' })),
      ...CHANNELS.map((channel) => ended('lead.responded', 'Responded', 'replied', channel)),
      ended('lead.responded', 'Responded', 'replied', null),
      ...LEAD_END_REASONS.map((reason) => ended('lead.closed', 'Closed', reason)),
      ended('lead.closed', 'Failed', 'fell_behind'),
    ].flatMap(occurrencesOf);
    expect(all.length).toBe(CHANNELS.length + CHANNELS.length * 2 + 2 + LEAD_END_REASONS.length + 1);
    for (const occurrence of all) expect(occurrenceProblems(occurrence), JSON.stringify(occurrence)).toEqual([]);
  });

  it('makes a reply and the lead it ended two occurrences with ids of their own, and any other end one', () => {
    expect(occurrencesOf(ended('lead.responded', 'Responded', 'replied', 'linkedin')).map((occurrence) => [occurrence.eventTypeName, occurrence.id])).toEqual([
      ['prospect_research_reply', 'evt_1-reply'],
      ['prospect_research_lead_ended', 'evt_1'],
    ]);
    expect(occurrencesOf(ended('lead.responded', 'Responded', 'meeting_booked')).map((occurrence) => occurrence.eventTypeName)).toEqual(['prospect_research_lead_ended']);
  });

  it("shows a touch's subject as plain text on one line, cut at a word, and none for a touch without one or of an erased contact", () => {
    const long = `Pricing ${'word '.repeat(100)}`;
    const [cut] = occurrencesOf(touch({ step: 0, channel: 'email', subject: long }));
    expect(cut!.properties.subject).toMatch(/^Pricing (word )+word…$/);
    expect((cut!.properties.subject as string).length).toBeLessThanOrEqual(SUBJECT_LIMIT);
    expect(plainText('{{autopilot}} <b>[x](javascript:1)</b>\n\tnext', 100)).toBe('((autopilot)) ‹b›(x)(javascript:1)‹/b› next');
    expect(occurrencesOf(touch({ step: 1, channel: 'linkedin', subject: null }))[0]!.properties).toEqual({ autopilot: 'EMEA SaaS', step: 2, channel: 'linkedin', subject: '' });
  });

  it('names an Autopilot since deleted as such', () => {
    expect(occurrencesOf({ ...ended('lead.closed', 'Closed', 'autopilot_archived'), autopilot: null })[0]!.properties.autopilot).toBe('An Autopilot since deleted');
  });
});
