/** graphile-worker task identifiers: one place, so producers and the worker cannot drift apart. */
export const TASK = {
  /** Runs one research job. Payload: `{ researchId }`. */
  research: 'research',
  /**
   * Cron, every minute: fails (and refunds) jobs processing past their deadline (a dead worker's) and
   * queued jobs whose queue entry can no longer run.
   */
  expireResearch: 'expire_research',
} as const;

export interface ResearchTaskPayload {
  researchId: string;
}
