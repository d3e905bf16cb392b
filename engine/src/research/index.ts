/**
 * Research's public face: what the features above it (the Autopilot, events, the composition) use of it.
 * Its request contract is the other face (contract.ts); the rest of this folder is research's own.
 */

export { findEarlierResearch } from './earlierResearch.ts';
export { eraseResearch } from './erasure.ts';
export { fromStoredResult } from './jobs.ts';
export { researchModule } from './module.ts';
export { parseEmail, parseResearchRequest } from './request.ts';
export { inSpecOrder } from './specOrder.ts';
export { insertResearchJobs } from './submit.ts';
export { LANGUAGE_NAMES } from './writer/briefWriter.ts';
export { POST_LABELS } from './writer/factSheet.ts';
