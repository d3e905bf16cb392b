import type { EmptyReason } from '@prospect-research/engine/contract';
import type { IDataObject, IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

/** What a person can do about a brief that came back empty, by the engine's `empty_reason`. */
const EMPTY_REASONS: Record<EmptyReason, string> = {
  no_sources_configured:
    'the engine has no research source configured. Its operator sets the source keys (see the engine\'s "Research sources")',
  nothing_found:
    'the research sources found nothing about the prospect or the company. Check the e-mail, or add the prospect name, company name or LinkedIn URLs',
  sources_failed: 'the research sources failed. Run the research again later',
};

function briefs(count: number): string {
  return count === 1 ? '1 brief' : `${count} briefs`;
}

/**
 * Hints about completed answers, shown above the node's output: briefs served from the engine's cache
 * (still one credit each) and briefs that came back empty, with why. An older engine sends neither
 * field, and then there is nothing to say.
 */
export function briefHints(completed: IDataObject[]): NodeExecutionHint[] {
  const hints: NodeExecutionHint[] = [];
  const cached = completed.filter((answer) => answer.cached === true).length;
  if (cached > 0) {
    hints.push({
      type: 'info',
      location: 'outputPane',
      message: `${briefs(cached)} of ${completed.length} came from the engine's cache: the same e-mail was researched recently. A cached brief still takes one credit.`,
    });
  }
  const empty = new Map<string, number>();
  for (const answer of completed) {
    if (typeof answer.empty_reason === 'string') empty.set(answer.empty_reason, (empty.get(answer.empty_reason) ?? 0) + 1);
  }
  for (const [reason, count] of empty) {
    const why = EMPTY_REASONS[reason as EmptyReason] ?? `the engine says ${reason}`;
    hints.push({
      type: 'warning',
      location: 'outputPane',
      message: `${briefs(count)} of ${completed.length} came back empty (${reason}): ${why}.`,
    });
  }
  return hints;
}

/** Adds the hints about these answers (those not completed are skipped) to the node's run. */
export function addBriefHints(ctx: IExecuteFunctions, answers: IDataObject[]): void {
  const hints = briefHints(answers.filter((answer) => answer.status === 'completed'));
  if (hints.length > 0) ctx.addExecutionHints(...hints);
}
