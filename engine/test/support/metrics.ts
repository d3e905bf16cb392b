import { processRegistry } from '../../src/platform/ops/metrics.ts';

/**
 * The value of one of this process's metrics (platform/ops/metrics.ts) with exactly these labels; 0 when
 * none was counted yet. A histogram's `_count` and `_sum` are read by those names. Metrics live as long
 * as the process, so a test compares before and after.
 */
export async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await processRegistry.getMetricsAsJSON()).find((entry) => name === entry.name || name.startsWith(`${entry.name}_`));
  const values = (metric?.values ?? []) as { value: number; labels: Record<string, unknown>; metricName?: string }[];
  const wanted = Object.entries(labels);
  const found = values.find(
    (entry) =>
      (entry.metricName ?? metric!.name) === name &&
      Object.keys(entry.labels).filter((key) => key !== 'le').length === wanted.length &&
      wanted.every(([key, value]) => String(entry.labels[key]) === value),
  );
  return found?.value ?? 0;
}
