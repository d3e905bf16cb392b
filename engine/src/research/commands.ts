import type { Command } from 'commander';
import { fields, table } from '../platform/cli/output.ts';
import type { Queryable } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { CommandContext } from '../platform/module.ts';
import type { SourceCallView } from './contract.ts';
import type { Rejection } from './writer/briefWriter.ts';

/** What support reads about one research job: its state, and what the writer did and had rejected. */
export interface ResearchJobView {
  research_id: string;
  account: number;
  email: string | null;
  status: string;
  error: string | null;
  empty_reason: string | null;
  cached: boolean | null;
  created_at: Date;
  finished_at: Date | null;
  /** Requests to the model for this brief; null when no writer ran (cached briefs: 0). */
  writer_calls: number | null;
  /** The generated texts the grounding checks rejected (docs/api.md, "Grounding"); null when no writer ran. */
  rejections: Rejection[] | null;
  /** The calls to sources that failed for this brief, with why (docs/api.md, "Provenance"); null when none was recorded. */
  failed_sources: SourceCallView[] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readResearchJob(db: Queryable, researchId: string): Promise<ResearchJobView> {
  const found = UUID.test(researchId)
    ? await db.query<ResearchJobView>(
        `SELECT id AS research_id, account_id::int AS account, email, status, error, empty_reason, from_cache AS cached, created_at, finished_at,
                writer_calls, rejections,
                (SELECT jsonb_agg(call) FROM jsonb_array_elements(result->'provenance'->'sources') call WHERE call->>'outcome' = 'failed') AS failed_sources
         FROM research_jobs WHERE id = $1`,
        [researchId],
      )
    : { rows: [] };
  if (!found.rows[0]) throw new AppError('not_found', {}, `no research job ${researchId}`);
  return found.rows[0];
}

/** `prospect-engine research show`: answers "why is this field empty?" for support. */
export function researchCommands(program: Command, cli: CommandContext<unknown>): void {
  program
    .command('research')
    .description('research jobs')
    .command('show')
    .description('show a research job: its state and the generated texts the grounding checks rejected, with why')
    .argument('<research-id>', 'the research_id POST /research answered')
    .action(
      cli.action(async ({ output, pool }, researchId: string) => {
        const job = await readResearchJob(pool, researchId);
        output.result(job, () => {
          const { rejections, failed_sources, ...rest } = job;
          const failed = (failed_sources ?? []).map((call) => `${call.source} ${call.part}: ${call.failure}`).join(', ') || 'none';
          const summary = fields({ ...rest, failed_sources: failed, rejections: rejections === null ? 'no writer ran' : rejections.length });
          if (!rejections || rejections.length === 0) return summary;
          const rows = rejections.map((rejection) => ({ field: rejection.field, outcome: rejection.outcome, rules: rejection.rules, item: rejection.item, reason: rejection.reason }));
          return `${summary}\n\n${table(rows)}`;
        });
      }),
    );
}
