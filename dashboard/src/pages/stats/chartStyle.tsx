/** Colours and text of the charts from the Mantine theme's CSS variables, so light and dark both read well. */
export const SERIES_COLORS = ['var(--mantine-color-indigo-6)', 'var(--mantine-color-teal-6)', 'var(--mantine-color-orange-6)', 'var(--mantine-color-grape-6)'];

export const axisProps = {
  tick: { fill: 'var(--mantine-color-dimmed)', fontSize: 12 },
  stroke: 'var(--mantine-color-default-border)',
} as const;

export const gridProps = { stroke: 'var(--mantine-color-default-border)', strokeDasharray: '3 3', vertical: false } as const;

export const tooltipProps = {
  contentStyle: { background: 'var(--mantine-color-body)', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, color: 'var(--mantine-color-text)' },
  labelStyle: { color: 'var(--mantine-color-text)', fontWeight: 600 },
  cursor: { fill: 'var(--mantine-color-default-hover)' },
} as const;

/** Legend entries in the text's colour (the swatch carries the series' colour): coloured words fall short of contrast. */
export const legendProps = {
  formatter: (value: string) => <span style={{ color: 'var(--mantine-color-text)' }}>{value}</span>,
} as const;

/** Bars no wider than this, however few the days. */
export const MAX_BAR = 36;
