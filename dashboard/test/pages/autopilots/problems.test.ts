import { describe, expect, it } from 'vitest';
import { documentOf, draftOf, emptyDraft, newRule, newStep } from '../../../src/pages/autopilots/editor/draft';
import { fieldPaths, placeProblems } from '../../../src/pages/autopilots/editor/problems';
import type { AutopilotView, Problem } from '../../../src/pages/autopilots/editor/types';

const problem = (path: string, severity: Problem['severity'] = 'error'): Problem => ({ severity, path, message: `at ${path}` });

describe('placing the engine’s problems beside their fields', () => {
  const draft = { ...emptyDraft(), goal: { ...emptyDraft().goal, type: 'meetings' as const }, filter: { match: 'all' as const, rules: [newRule()] }, sequence: [newStep()] };

  it('puts each beside the deepest field its path points into, and the rest at the top', () => {
    const placed = placeProblems(
      [problem('/filter/rules/0/values/1'), problem('/goal/calendar_link', 'blocks_enabling'), problem('/sequence/0', 'warning'), problem(''), problem('/goal/pricing_url'), problem('/name')],
      fieldPaths(draft, { isNew: false }),
    );
    expect(Object.fromEntries([...placed].map(([field, problems]) => [field, problems.map((p) => p.path)]))).toEqual({
      '/filter/rules/0/values': ['/filter/rules/0/values/1'],
      '/goal/calendar_link': ['/goal/calendar_link'],
      '/sequence/0': ['/sequence/0'],
      // A field this goal does not show is the goal's problem; an existing Autopilot's name is not a field.
      '/goal': ['/goal/pricing_url'],
      '': ['', '/name'],
    });
  });

  it('shows the name’s problems beside it on a new Autopilot', () => {
    expect([...placeProblems([problem('/name')], fieldPaths(draft, { isNew: true })).keys()]).toEqual(['/name']);
  });
});

describe('the document a draft stands for', () => {
  it('is the document the engine answered, read back unchanged', () => {
    const view = {
      name: 'EMEA SaaS',
      enabled: true,
      fallback: false,
      filter: { match: 'all', rules: [{ property: 'numberofemployees', operator: 'between', values: [50, 500] }] },
      channels: ['email', 'linkedin'],
      tone: 'Friendly',
      goal: { type: 'qualify', questions: ['How do you price today?'] },
      lead_origin: null,
      threading: true,
      sequence: [
        { day: 1, channel: 'email', kind: 'email', angle: 'A', subject_angle: 'S', signals: ['news'] },
        { day: 3, channel: 'linkedin', kind: 'connection_request', angle: 'B', subject_angle: null, signals: [], warm_only: true, note: false },
      ],
      stop_conditions: { reply: true, call_connected: false, meeting_booked: true, invite_accepted: true, property_changes: [{ property: 'lifecyclestage', value: null }] },
    } as const;
    const { enabled: _, ...document } = view;
    const answered = { ...document, sequence: [{ ...view.sequence[0] }, { day: 3, channel: 'linkedin', kind: 'connection_request', angle: 'B', signals: [], warm_only: true, note: false }] };
    expect(documentOf(draftOf(view as unknown as AutopilotView))).toEqual(answered);
  });
});
