import { accountsModule } from '../../../src/accounts/module.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { eventsModule } from '../../../src/events/module.ts';
import type { Queryable } from '../../../src/platform/database/database.ts';
import { researchModule } from '../../../src/research/module.ts';
import type { ResearchInput } from '../../../src/research/pipeline/pipeline.ts';
import { TestClock } from '../../support/clock.ts';
import { useEngine } from '../../support/engine.ts';
import { hangs, ScriptedPipeline, sourceless } from '../../support/pipelines.ts';
import { RecordingChannel, RecordingWriter } from '../sequence/support.ts';

/** 32 bytes, base64: the engine's SECRET_KEY in these tests. */
export const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');

/** A person research finds something about: a brief with their name, title and profile, and, for a colleague's research, among the company's decision makers. */
export interface Person {
  email: string;
  name: string;
  title: string;
  profile: string;
}

/**
 * The engine with everything that can hold a person (research, the Autopilot with a recording e-mail
 * channel and writer, the events outbox), a real worker, on a clock the test moves. Research answers
 * from `people` (by address): their name, title and profile, and, as decision makers, everyone listed
 * with `colleagues` of the address researched. Research of an address starting `slow` never finishes.
 */
export function useErasureEngine() {
  const clock = new TestClock();
  const email = new RecordingChannel('email', clock);
  const writer = new RecordingWriter();
  const people = new Map<string, Person>();
  const colleagues = new Map<string, Person[]>();
  const empty = sourceless();
  const pipeline = new ScriptedPipeline(async (input: ResearchInput, identities, signal) => {
    // Research of an address starting `slow` runs until it is stopped.
    if (input.email.startsWith('slow')) return hangs(input, identities, signal);
    const outcome = await empty.run(input, identities, signal);
    const person = people.get(input.email);
    const listed = colleagues.get(input.email) ?? [];
    const ids = await identities.peopleByProfile(listed.map((colleague) => colleague.profile));
    return {
      ...outcome,
      data: {
        ...outcome.data,
        prospect: person ? { ...outcome.data.prospect, name: person.name, title: person.title, linkedin_url: person.profile } : outcome.data.prospect,
        decision_makers: listed.map((colleague, i) => ({
          id: ids[i]!,
          full_name: colleague.name,
          position_title: colleague.title,
          linkedin_url: colleague.profile,
          picture_url: null,
          location_text: 'Berlin',
          company_name: 'Quarzwerk GmbH',
        })),
      },
    };
  });
  const fixture = useEngine({
    modules: [
      accountsModule(),
      researchModule({ pipeline }),
      autopilotModule({ clock, channels: [email], writer, unsubscribeLinks: ({ leadId }) => `https://engine.test/unsubscribe/${leadId}` }),
      eventsModule({ clock }),
    ],
    env: { SECRET_KEY },
  });
  return { clock, fixture, email, writer, people, colleagues };
}

/** Where any of `needles` (case ignored) is found in any text, JSON or array column of any table of any schema: `schema.table.column: needle`. */
export async function findInDatabase(db: Queryable, needles: string[]): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name
     FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
     ORDER BY 1, 2, 3`,
  );
  const found: string[] = [];
  const lower = needles.map((needle) => needle.toLowerCase());
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const name = `${quote(schema)}.${quote(table)}`;
    const { rows } = await db.query<{ needle: string }>(`SELECT DISTINCT n.needle FROM ${name} t, unnest($1::text[]) AS n (needle) WHERE strpos(lower(t.${quote(column)}::text), n.needle) > 0`, [
      lower,
    ]);
    for (const row of rows) found.push(`${schema}.${table}.${column}: ${row.needle}`);
  }
  return found;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
