export const count = (value: number) => value.toLocaleString();

export const percent = (rate: number | null) => (rate === null ? '–' : rate.toLocaleString(undefined, { style: 'percent', maximumFractionDigits: 1 }));
