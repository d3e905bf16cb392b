import type { AutopilotDocument, StopProperty } from '../contract.ts';
import type { SourceWatch } from '../intake/sourceWatches.ts';
import { pointer, type Problem } from '../../platform/validation/index.ts';

type SourceAnswer = StopProperty['sources'][number];

/** How one source watches one property, in a field and in words. */
function watchOf(watch: SourceWatch, property: string): SourceAnswer {
  const { source } = watch;
  if (!watch.active) {
    return { source, watched: 'not_watched', within_minutes: null, text: `${source} reads nothing now (disconnected): a change of "${property}" there does not reach the Autopilot` };
  }
  if (watch.webhook.some((name) => name.toLowerCase() === property.toLowerCase())) {
    return { source, watched: 'webhook', within_minutes: 0, text: `${source} sends each change of "${property}" as it happens (webhook): within seconds` };
  }
  if (watch.sweepMinutes !== null) {
    return {
      source,
      watched: 'sweep',
      within_minutes: watch.sweepMinutes,
      text: `${source} looks for changes of "${property}" every few minutes (sweep): within about ${watch.sweepMinutes} minutes`,
    };
  }
  return { source, watched: 'not_watched', within_minutes: null, text: `${source} does not watch "${property}": a change there never ends a lead` };
}

/**
 * How the account's CRM sources (those whose app said how they watch, `watches`) learn of changes of
 * an Autopilot's stop properties (`stop_conditions.property_changes`), one entry per property whatever
 * its case; undefined when it has none or no source said anything. A property that a connected source
 * does not watch is also a warning: its stop condition never ends a lead from there. A disconnected
 * source is only said in `stop_properties` (it reads nothing at all, which its app's own status says).
 */
export function stopProperties(document: AutopilotDocument, watches: readonly SourceWatch[]): { stopProperties?: StopProperty[]; warnings: Problem[] } {
  const conditions = document.stop_conditions.property_changes;
  if (conditions.length === 0 || watches.length === 0) return { warnings: [] };
  const seen = new Set<string>();
  const answers: StopProperty[] = [];
  const warnings: Problem[] = [];
  conditions.forEach((condition, index) => {
    const key = condition.property.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    const sources = watches.map((watch) => watchOf(watch, condition.property));
    answers.push({ property: condition.property, sources });
    const unwatched = sources.filter((answer, at) => answer.watched === 'not_watched' && watches[at]!.active).map((answer) => answer.source);
    if (unwatched.length > 0) {
      warnings.push({
        severity: 'warning',
        path: pointer('stop_conditions', 'property_changes', index),
        message: `Changes of "${condition.property}" are not watched in ${unwatched.join(', ')}: this stop condition never ends a lead whose contact comes from there`,
      });
    }
  });
  return { stopProperties: answers, warnings };
}
