import type { Measurement } from '../measurement.ts';
import { autopilotContactToPlanned } from './autopilotContactToPlanned.ts';
import { autopilotReplyCancel } from './autopilotReplyCancel.ts';
import { autopilotRouting } from './autopilotRouting.ts';
import { autopilotTouches } from './autopilotTouches.ts';
import { dashboardBundle } from './dashboardBundle.ts';
import { dashboardLeadPage, dashboardLeadsApi } from './dashboardLeads.ts';
import { dashboardSignIn } from './dashboardSignIn.ts';
import { hubspotApp } from './hubspotApp.ts';
import { hubspotCard } from './hubspotCard.ts';
import { fairness } from './fairness.ts';
import { leadEvents } from './leadEvents.ts';
import { researchAccountsAtOnce } from './researchAccountsAtOnce.ts';
import { cacheHitLatency, postResearch } from './researchApi.ts';
import { n8nResearchNode } from './n8nResearchNode.ts';
import { pipelineCriticalPath, pipelineInProcess, pipelineThroughput } from './researchPipeline.ts';

/** Every measurement `npm run bench` runs, in this order. Add new ones here; their figure keys must be new too. */
export const measurements: Measurement[] = [
  postResearch('one'),
  postResearch('per-connection'),
  cacheHitLatency,
  pipelineCriticalPath,
  pipelineThroughput,
  pipelineInProcess,
  researchAccountsAtOnce,
  autopilotRouting,
  autopilotContactToPlanned,
  autopilotReplyCancel,
  autopilotTouches,
  hubspotApp,
  hubspotCard,
  leadEvents,
  fairness,
  n8nResearchNode,
  dashboardBundle,
  dashboardSignIn,
  dashboardLeadsApi,
  dashboardLeadPage,
];
