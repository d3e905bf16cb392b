import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLiveAutopilots } from '../autopilots/list/autopilotsApi';
import { END_REASONS } from '../../words/endReasons';
import { type LeadFilters, OUTCOMES, SORTS } from './filters';

const ANY = { value: '', label: 'Any' };
const entries = (words: Record<string, string>) => Object.entries(words).map(([value, label]) => ({ value, label }));

/** The filters above the table: each change goes into the address (`replace` while the e-mail is being typed). */
export function LeadFiltersBar({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters, options?: { replace?: boolean }) => void }) {
  const autopilots = useLiveAutopilots();
  const [email, setEmail] = useState(filters.email ?? '');
  useEffect(() => setEmail(filters.email ?? ''), [filters.email]);
  const searchEmail = useDebouncedCallback((value: string) => onChange({ ...filters, email: value.trim() || undefined }, { replace: true }), 300);
  const set = (change: Partial<LeadFilters>) => onChange({ ...filters, ...change });
  const filtered = Object.entries(filters).some(([name, value]) => value && name !== 'sort');

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="search" aria-label="Filter leads">
      <TextInput
        label="E-mail"
        placeholder="Starts with…"
        type="search"
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          searchEmail(event.currentTarget.value);
        }}
      />
      <NativeSelect
        label="Autopilot"
        data={[ANY, ...(autopilots.data?.map((autopilot) => autopilot.name) ?? (filters.autopilot ? [filters.autopilot] : []))]}
        value={filters.autopilot ?? ''}
        onChange={(event) => set({ autopilot: event.currentTarget.value || undefined })}
      />
      <NativeSelect
        label="Outcome"
        data={[ANY, ...OUTCOMES]}
        value={filters.outcome ?? ''}
        onChange={(event) => set({ outcome: (event.currentTarget.value || undefined) as LeadFilters['outcome'] })}
      />
      <NativeSelect
        label="End reason"
        data={[ANY, ...entries(END_REASONS)]}
        value={filters.end_reason ?? ''}
        onChange={(event) => set({ end_reason: (event.currentTarget.value || undefined) as LeadFilters['end_reason'] })}
      />
      <TextInput label="Enrolled from" type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => set({ from: event.currentTarget.value || undefined })} />
      <TextInput label="Enrolled to" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => set({ to: event.currentTarget.value || undefined })} />
      <NativeSelect label="Sort" data={entries(SORTS)} value={filters.sort ?? 'newest'} onChange={(event) => set({ sort: event.currentTarget.value as LeadFilters['sort'] })} />
      <Group align="flex-end">
        <Button variant="default" disabled={!filtered} onClick={() => onChange({ sort: filters.sort })}>
          Clear filters
        </Button>
      </Group>
    </SimpleGrid>
  );
}
