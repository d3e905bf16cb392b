import { fileURLToPath } from 'node:url';
import { addJob, crmPort, type Clock, type FeatureModule, systemClock } from '@prospect-research/engine';
import { cardRoutes } from './card/routes.ts';
import { hubspotCommands } from './commands.ts';
import { HUBSPOT_ERRORS } from './errors.ts';
import { portalClient } from './hubspotApi.ts';
import { HubSpotError } from './hubspotError.ts';
import { writeNotes } from './notes/writeNotes.ts';
import { portalRoutes } from './oauth/portalRoutes.ts';
import { portalSettingsRoutes } from './portalSettings/routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { Pacer } from './pacing.ts';
import { AccessTokens, checkInstalls } from './portals.ts';
import { hubspotSettings, type HubSpotSettings } from './settings.ts';
import { setUpPortal } from './setup.ts';
import { queueTimelines, sendTimeline } from './timeline/sendTimeline.ts';
import { SWEEP_EVERY_MINUTES, sweepContacts } from './sweep/sweepContacts.ts';
import { reportWatches, sweepPortals } from './sweep/sweepPortals.ts';
import { eventsJob } from './tasks.ts';
import { waitAfter } from './hubspotWait.ts';
import { pendingForMs } from './webhooks/events.ts';
import { processEvents } from './webhooks/process.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { completeExecution } from './workflowActions/complete.ts';
import { workflowActionRoutes } from './workflowActions/routes.ts';
import { queueWritebacks, writeBack } from './writeback/writeback.ts';

export interface HubSpotModuleOptions {
  clock?: Clock;
  /** The crons (default on): each portal's writeback and timeline queued every minute, installs checked every hour. Tests queue those jobs themselves. */
  writebackCron?: boolean;
  /** The five-minute cron that queues each portal's sweep and catches up older setups (default on); tests queue them themselves. */
  sweepCron?: boolean;
}

/**
 * The HubSpot app as a feature module: on when HUBSPOT_CLIENT_ID and its companions are set. Routes:
 * the install pages and the webhook endpoint (open: they prove themselves with a signed link or
 * HubSpot's signature), the workflow actions HubSpot calls and the settings page's requests (signed by
 * HubSpot), and an account's portals, claims and portal settings (behind its API key); tasks: a portal's
 * setup, its events, its writeback (properties, then research notes), its sweep (changes of the
 * properties no webhook sends), its timeline (the Autopilot's touches, replies and leads' ends as app
 * events on the contacts) and the completion of blocked workflow actions.
 */
export function hubspotModule(options: HubSpotModuleOptions = {}): FeatureModule<HubSpotSettings> {
  const clock = options.clock ?? systemClock;
  return {
    name: 'hubspot',
    errors: HUBSPOT_ERRORS,
    settings: hubspotSettings,
    summary: (settings) =>
      `HubSpot app ${settings.appId}: install at ${settings.publicUrl}/hubspot/install (links from \`prospect-engine hubspot install-link\`), webhooks at ${settings.publicUrl}/hubspot/webhooks, API ${settings.apiBaseUrl}` +
      (new URL(settings.redirectUrl).host === new URL(settings.publicUrl).host
        ? ''
        : `; HUBSPOT_REDIRECT_URL is not on PUBLIC_URL's host, so the install cookie never reaches it: installs through links will be refused`) +
      (settings.appEvents ? '; app events on the contact timelines' : '; app events on the contact timelines off (HUBSPOT_APP_EVENTS=true once HubSpot has approved them)'),
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    routes({ open, withApiKey }, { pool, settings, log }) {
      oauthRoutes(open, { pool, settings, clock, log });
      portalRoutes(withApiKey, { pool, clock, settings });
      webhookRoutes(open, { pool, settings, clock, log });
      const tokens = new AccessTokens(pool, settings, clock);
      const client = async (portalId: number) => portalClient(settings, await tokens.get(portalId), new Pacer(pool, portalId));
      workflowActionRoutes(open, { pool, settings, clock, client });
      portalSettingsRoutes({ open, withApiKey }, { pool, settings, clock });
      cardRoutes(open, { pool, settings, clock });
    },
    tasks({ pool, settings, log }) {
      const tokens = new AccessTokens(pool, settings, clock);
      // Every call of a portal's client is paced by the portal's rate-limit window (pacing.ts), whichever job makes it.
      const client = async (portalId: number) => portalClient(settings, await tokens.get(portalId), new Pacer(pool, portalId));
      return {
        hubspot_setup_portal: async (payload) => {
          const portalId = portalIdOf(payload);
          const result = await setUpPortal(pool, await client(portalId), portalId, clock.now());
          await reportWatches(pool, clock.now());
          log.info({ portalId, ...result }, 'HubSpot portal set up');
        },
        hubspot_sweep_contacts: async (payload, helpers) => {
          const portalId = portalIdOf(payload);
          try {
            const result = await sweepContacts({ pool, port: crmPort(pool, clock), clock, log, client }, portalId, helpers.abortSignal);
            if (result.changed + result.firstRead > 0) log.info({ portalId, ...result }, 'HubSpot property changes swept');
          } catch (error) {
            if (isRefusedToken(error)) await tokens.refused(portalId);
            throw error;
          }
        },
        hubspot_sweep_portals: async () => {
          const { setUp } = await sweepPortals(pool, clock.now());
          if (setUp.length > 0) log.info({ portals: setUp }, 'HubSpot portals set up by an earlier release: set up again');
        },
        hubspot_process_events: async (payload, helpers) => {
          const portalId = portalIdOf(payload);
          try {
            const counts = await processEvents({ pool, port: crmPort(pool, clock, log), clock, log, client }, portalId, helpers.abortSignal);
            log.debug({ portalId, ...counts }, 'HubSpot events processed');
          } catch (error) {
            if (isRefusedToken(error)) await tokens.refused(portalId);
            // HubSpot unavailable: the events stay stored, and the job asks again later rather than spend its attempts.
            const waitMs = waitAfter(error, await pendingForMs(pool, portalId, clock.now()));
            if (waitMs === undefined) throw error;
            await addJob(pool, 'hubspot_process_events', { portalId }, { ...eventsJob(portalId), jobKeyMode: 'replace', runAt: new Date(clock.now().getTime() + waitMs) });
            log.warn({ portalId, waitMs, error: (error as Error).message }, 'HubSpot unavailable: the events job waits');
          }
        },
        hubspot_writeback: async (payload) => {
          const portalId = portalIdOf(payload);
          const deps = { pool, clock, log, client };
          // Properties and notes are independent: a failure of one (a contact or a note HubSpot fails
          // on, HubSpot down) does not keep the other from running; the job fails after both, and
          // graphile-worker retries it. Only what holds for the whole portal stops both: a 429 (its
          // rate budget) and a refused access token (the retry refreshes it).
          const failures: unknown[] = [];
          let rateLimited = false;
          try {
            const result = await writeBack(deps, portalId);
            if (result.written + result.refused > 0) log.info({ portalId, ...result }, 'HubSpot contacts written');
            rateLimited = result.rateLimited;
          } catch (error) {
            failures.push(error);
          }
          if (!rateLimited && !failures.some(isRefusedToken)) {
            try {
              const notes = await writeNotes(deps, portalId);
              if (notes.created + notes.refused > 0) log.info({ portalId, ...notes }, 'HubSpot research notes written');
            } catch (error) {
              failures.push(error);
            }
          }
          if (failures.length === 0) return;
          if (failures.some(isRefusedToken)) await tokens.refused(portalId);
          for (const later of failures.slice(1)) log.warn({ portalId, error: (later as Error).message }, 'HubSpot writeback: research notes failed too');
          throw failures[0];
        },
        hubspot_timeline: async (payload) => {
          const portalId = portalIdOf(payload);
          if (!settings.appEvents) {
            log.info({ portalId }, 'HubSpot timeline: app events are off (HUBSPOT_APP_EVENTS): nothing sent');
            return;
          }
          try {
            const result = await sendTimeline({ pool, clock, log, client }, portalId);
            if (result.sent + result.refused > 0) log.info({ portalId, ...result }, 'HubSpot timeline events sent');
          } catch (error) {
            if (isRefusedToken(error)) await tokens.refused(portalId);
            throw error;
          }
        },
        hubspot_writeback_sweep: async () => {
          await queueWritebacks(pool);
          if (settings.appEvents) await queueTimelines(pool);
        },
        hubspot_workflow_complete: async (payload) => {
          const callbackId = (payload as { callbackId?: unknown } | null)?.callbackId;
          if (typeof callbackId !== 'string') throw new Error(`payload needs a callbackId, got ${JSON.stringify(payload)}`);
          try {
            const result = await completeExecution({ pool, clock, log, client }, callbackId);
            if (result === 'completed') log.info({ callbackId }, 'HubSpot workflow action completed');
          } catch (error) {
            if (isRefusedToken(error)) {
              const portal = await pool.query<{ portal_id: string }>('SELECT portal_id FROM hubspot_workflow_executions WHERE callback_id = $1', [callbackId]);
              if (portal.rows[0]) await tokens.refused(Number(portal.rows[0].portal_id));
            }
            throw error;
          }
        },
        hubspot_check_installs: async () => {
          const result = await checkInstalls(pool, tokens);
          if (result.uninstalled.length + result.failed > 0) log.info(result, 'HubSpot installs checked');
        },
      };
    },
    cron: () => [
      ...(options.writebackCron === false
        ? []
        : [
            { task: 'hubspot_writeback_sweep' as const, match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
            { task: 'hubspot_check_installs' as const, match: '23 * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
          ]),
      ...(options.sweepCron === false ? [] : [{ task: 'hubspot_sweep_portals' as const, match: `*/${SWEEP_EVERY_MINUTES} * * * *`, options: { backfillPeriod: 0, maxAttempts: 1 } }]),
    ],
    commands: hubspotCommands,
  };
}

/** A job's portal id, checked: a job queued by hand may hold anything. */
function portalIdOf(payload: unknown): number {
  const portalId = (payload as { portalId?: unknown } | null)?.portalId;
  if (typeof portalId !== 'number' || !Number.isSafeInteger(portalId) || portalId <= 0) throw new Error(`payload needs a portalId, got ${JSON.stringify(payload)}`);
  return portalId;
}

const isRefusedToken = (error: unknown) => error instanceof HubSpotError && error.status === 401;

/** The extension entry the engine loads (`"prospect-engine": {"module": "./src/module.ts"}`). */
export default function createModule(): FeatureModule<HubSpotSettings> {
  return hubspotModule();
}
