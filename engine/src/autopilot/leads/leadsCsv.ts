import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Queryable } from '../../platform/database/database.ts';
import type { Lead } from '../contract.ts';
import { type LeadQuery, listLeads, MAX_LEADS_PER_PAGE } from './leads.ts';

/** The export's columns, in order: its header row. */
export const LEAD_CSV_COLUMNS = ['id', 'email', 'autopilot', 'outcome', 'end_reason', 'enrolled_at', 'ended_at', 'enrolled_by', 'contact_source', 'contact_id', 'research_id'] as const;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before
 * one) starts with an apostrophe instead: a contact's properties come from a CRM anyone may type in.
 */
export function inertCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const row = (lead: Lead) => LEAD_CSV_COLUMNS.map((column) => inertCell(String(lead[column] ?? '')));

/**
 * Every lead the query matches, in its sort, as CSV (RFC 4180, a header row first), read a page at a
 * time as the answer is sent. The first page is read before anything is sent, so a refused query is
 * answered as an error rather than as a broken file.
 */
export async function leadsCsv(db: Queryable, accountId: number, query: Omit<LeadQuery, 'limit'>): Promise<Readable> {
  const first = await listLeads(db, accountId, { ...query, limit: MAX_LEADS_PER_PAGE });
  async function* rows() {
    let page = first;
    for (;;) {
      for (const lead of page.leads) yield row(lead);
      if (page.next_cursor === null) return;
      page = await listLeads(db, accountId, { ...query, before: undefined, cursor: page.next_cursor, limit: MAX_LEADS_PER_PAGE });
    }
  }
  const csv = stringify({ header: true, columns: [...LEAD_CSV_COLUMNS], record_delimiter: 'windows' });
  // A failed page ends the answer early (the client sees a cut connection), never a file that looks whole.
  pipeline(Readable.from(rows()), csv, () => {});
  return csv;
}
