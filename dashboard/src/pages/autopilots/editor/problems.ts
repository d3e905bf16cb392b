import type { Draft } from './draft';
import type { Problem } from './types';

/** The JSON Pointers of the fields the editor shows for a draft: where a problem can be put beside its field. */
export function fieldPaths(draft: Draft, options: { isNew: boolean }): string[] {
  const paths = ['/fallback', '/filter', '/filter/match', '/channels', '/tone', '/goal', '/goal/type', '/lead_origin', '/threading', '/sequence', '/stop_conditions'];
  if (options.isNew) paths.push('/name');
  const goalInput = { meetings: '/goal/calendar_link', self_serve: '/goal/pricing_url', qualify: '/goal/questions', engage: undefined }[draft.goal.type];
  if (goalInput) paths.push(goalInput);
  draft.filter.rules.forEach((_, i) => paths.push(`/filter/rules/${i}`, `/filter/rules/${i}/property`, `/filter/rules/${i}/operator`, `/filter/rules/${i}/values`));
  let firstEmail = true;
  draft.sequence.forEach((step, i) => {
    paths.push(`/sequence/${i}`, `/sequence/${i}/day`, `/sequence/${i}/channel`, `/sequence/${i}/kind`, `/sequence/${i}/angle`, `/sequence/${i}/signals`, `/sequence/${i}/warm_only`);
    if (step.kind === 'email' && showsSubjectAngle(step, firstEmail, draft.threading)) paths.push(`/sequence/${i}/subject_angle`);
    if (step.kind === 'email') firstEmail = false;
    if (step.kind === 'connection_request') paths.push(`/sequence/${i}/note`);
  });
  draft.stop_conditions.property_changes.forEach((_, i) => paths.push(`/stop_conditions/property_changes/${i}`));
  return paths;
}

/**
 * With threading on, only the first e-mail has a subject, so only its step offers a subject angle; a later
 * one that has one keeps its field, where the engine's warning about it shows.
 */
export function showsSubjectAngle(step: { kind: string; subject_angle: string }, firstEmail: boolean, threading: boolean): boolean {
  return step.kind === 'email' && (firstEmail || !threading || step.subject_angle.trim() !== '');
}

/**
 * Each problem beside the deepest field its path points into (`/filter/rules/0/values/1` beside rule
 * 1's values); those no field holds (the whole document, a field the editor does not show) under "".
 */
export function placeProblems(problems: readonly Problem[], paths: readonly string[]): Map<string, Problem[]> {
  const placed = new Map<string, Problem[]>();
  for (const problem of problems) {
    const field = paths.filter((path) => problem.path === path || problem.path.startsWith(`${path}/`)).sort((a, b) => b.length - a.length)[0] ?? '';
    placed.set(field, [...(placed.get(field) ?? []), problem]);
  }
  return placed;
}

/** The problems beside one field. */
export type ProblemsAt = (path: string) => Problem[];
