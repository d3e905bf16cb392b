/**
 * The service in its own process, for the bench (`startBenchService` in child mode): the same
 * `startService` that `prospect-engine serve` runs, configured from the environment the bench passes
 * (with `roles.sources = 'instant'`, the research module over the bench's in-process fakes instead).
 * It reports its URL over IPC, answers how many statements it has sent to PostgreSQL, and stops when
 * asked to, or when the bench goes away.
 */
import { createLogger, platformSettings, startService } from '@prospect-research/engine';
import { countQueries } from './queryCounter.ts';
import { benchModules, type ChildMessage, type ParentMessage, type ServiceRoles } from './service.ts';

const roles = JSON.parse(process.argv[2] ?? '{}') as ServiceRoles;
const log = createLogger(platformSettings(process.env).logLevel, 2);
const reply = (message: ChildMessage) => process.send?.(message);

try {
  const service = await startService({ log, http: true, worker: roles.worker, modules: benchModules(roles), print: () => {} });
  const queries = countQueries(service.database.pool);
  const stop = () => {
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'bench service failed to stop');
        process.exit(1);
      },
    );
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') stop();
    else if (message.type === 'queries') reply({ type: 'queries', count: queries() });
  });
  process.once('disconnect', stop);
  // Ctrl-C reaches the whole process group: let the bench drive the shutdown.
  process.on('SIGINT', () => {});
  reply({ type: 'started', url: service.url! });
} catch (error) {
  reply({ type: 'failed', error: String(error) });
  process.exit(1);
}
