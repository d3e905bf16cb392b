import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DAYS, dayName, zonesWith } from './words';

/** A sender's schedule as the forms hold it, whatever its API names are (mailboxes and seats name them their own way). */
export interface Schedule {
  timeZone: string;
  start: string;
  end: string;
  days: string[];
  dailyLimit: number | string;
  warmup: { start: number | string; increase: number | string } | null;
}

export const DEFAULT_SCHEDULE = (timeZone: string): Schedule => ({ timeZone, start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'], dailyLimit: 50, warmup: null });

/** The warm-up as the API takes it; null for none. */
export function warmupOf(schedule: Schedule) {
  return schedule.warmup && { start_per_day: Number(schedule.warmup.start), increase_per_day: Number(schedule.warmup.increase) };
}

/** Time zone, hours, days, a daily limit and a warm-up: every sender's schedule. */
export function ScheduleFields({ value, onChange, limitLabel }: { value: Schedule; onChange: (value: Schedule) => void; limitLabel: string }) {
  const set = (change: Partial<Schedule>) => onChange({ ...value, ...change });
  return (
    <Stack gap="sm">
      <Select label="Time zone" data={zonesWith(value.timeZone)} searchable value={value.timeZone} onChange={(zone) => zone && set({ timeZone: zone })} allowDeselect={false} />
      <SimpleGrid cols={2}>
        <TextInput type="time" label="Sends from" value={value.start} onChange={(event) => set({ start: event.currentTarget.value })} />
        <TextInput type="time" label="Until" value={value.end} onChange={(event) => set({ end: event.currentTarget.value })} />
      </SimpleGrid>
      <Checkbox.Group label="Sending days" value={value.days} onChange={(days) => set({ days })}>
        <Group gap="sm" mt={4}>
          {DAYS.map((day) => (
            <Checkbox key={day} value={day} label={dayName(day)} aria-label={dayName(day, 'long')} />
          ))}
        </Group>
      </Checkbox.Group>
      <NumberInput label={limitLabel} min={1} max={10000} value={value.dailyLimit} onChange={(limit) => set({ dailyLimit: limit })} />
      <Switch
        label="Warm up: start low and add a few more each day"
        checked={value.warmup !== null}
        onChange={(event) => set({ warmup: event.currentTarget.checked ? { start: 5, increase: 5 } : null })}
      />
      {value.warmup && (
        <SimpleGrid cols={2}>
          <NumberInput label="On the first day" min={1} max={10000} value={value.warmup.start} onChange={(start) => set({ warmup: { ...value.warmup!, start } })} />
          <NumberInput label="More each day" min={0} max={10000} value={value.warmup.increase} onChange={(increase) => set({ warmup: { ...value.warmup!, increase } })} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
