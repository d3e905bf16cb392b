import type { Kind } from './lexicon.ts';

/**
 * What the checks hold generated text to: facts, one entry per fact, each with an id the model cites
 * for every item it writes. The research brief writer builds a sheet from the gathered facts
 * (research/writer/factSheet.ts), the Autopilot's message writer from a lead's brief and its step
 * (autopilot/writer/messageFacts.ts); ItemChecker (check.ts) looks a claim up only in the entries its
 * item cites or rests on.
 */
export interface FactEntry {
  id: string;
  /** What the fact is, for the model: "the prospect's job title". */
  about: string;
  /** The fields the model reads, as the source gave them. */
  fields: Record<string, string | string[]>;
  /** What every number in it counts, for typed fields ("501-1000" employees); else read from its words. */
  numberKind?: Kind;
  /** A post its author shared from someone else: never their own words. */
  reshared?: boolean;
  /** Texts that ground claims as the fact does: its checked English version (a translated title). */
  also: string[];
}

export interface FactSheet {
  entries: FactEntry[];
  /** Every id the model may cite. */
  ids: string[];
  byId: Map<string, FactEntry>;
  /** Names every item may use without citing them: the prospect, the company, the product, LinkedIn. */
  subjects: string[];
}

/** The texts of an entry: its fields' values (and its checked English version). */
export function textsOf(entry: FactEntry): string[] {
  return [...Object.values(entry.fields).flatMap((value) => (Array.isArray(value) ? value : [value])), ...entry.also];
}
