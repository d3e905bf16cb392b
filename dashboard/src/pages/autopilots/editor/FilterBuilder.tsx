import { ActionIcon, Autocomplete, Button, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { type FilterDraft, newRule, type RuleDraft } from './draft';
import { FieldProblems } from './FieldProblems';
import type { ProblemsAt } from './problems';
import type { PropertiesSeen } from './types';
import { arityOf, MAX_RULES, OPERATORS } from './words';

interface FilterBuilderProps {
  value: FilterDraft;
  onChange: (filter: FilterDraft) => void;
  /** The CRM properties recent contacts hold: suggestions for a rule's property. */
  properties?: PropertiesSeen['properties_seen'];
  problemsAt?: ProblemsAt;
}

const none: ProblemsAt = () => [];

/** A rule's values keep what still fits when its operator changes: the first for one, two for between, none for "is known". */
function valuesFor(operator: RuleDraft['operator'], values: string[]): string[] {
  switch (arityOf(operator)) {
    case 'none':
      return [];
    case 'one':
      return values.slice(0, 1);
    case 'two':
      return [values[0] ?? '', values[1] ?? ''];
    default:
      return values.filter((value) => value.trim() !== '');
  }
}

/**
 * The filter as rules a CRM admin builds: all or any of at most three rules, each a property
 * (suggested from recent contacts), one of the 11 operators in words, and the values it takes.
 */
export function FilterBuilder({ value, onChange, properties = [], problemsAt = none }: FilterBuilderProps) {
  const setRule = (index: number, rule: Partial<RuleDraft>) => onChange({ ...value, rules: value.rules.map((existing, i) => (i === index ? { ...existing, ...rule } : existing)) });
  const suggestions = properties.map((property) => property.property);
  const examples = new Map(properties.map((property) => [property.property, property]));

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text size="sm" id="filter-match-label">
          A lead matches when it fits
        </Text>
        <SegmentedControl
          aria-labelledby="filter-match-label"
          size="xs"
          value={value.match}
          onChange={(match) => onChange({ ...value, match: match as FilterDraft['match'] })}
          data={[
            { value: 'all', label: 'all rules' },
            { value: 'any', label: 'any rule' },
          ]}
        />
      </Group>
      <FieldProblems problems={[...problemsAt('/filter'), ...problemsAt('/filter/match')]} />
      {value.rules.length === 0 && (
        <Text size="sm" c="dimmed">
          No rules: this Autopilot matches every lead (a catch-all).
        </Text>
      )}
      {value.rules.map((rule, index) => {
        const n = index + 1;
        const arity = arityOf(rule.operator);
        const seen = examples.get(rule.property);
        return (
          <Paper key={rule.key} withBorder p="sm" role="group" aria-label={`Rule ${n}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  Rule {n}
                </Text>
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove rule ${n}`} onClick={() => onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) })}>
                  ×
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Autocomplete
                  label="Property"
                  placeholder="country"
                  value={rule.property}
                  onChange={(property) => setRule(index, { property })}
                  data={suggestions}
                  limit={20}
                  description={seen ? `${seen.contacts} recent contacts, such as ${seen.examples.join(', ')}` : undefined}
                />
                <NativeSelect
                  label="Operator"
                  value={rule.operator}
                  onChange={(event) => {
                    const operator = event.currentTarget.value as RuleDraft['operator'];
                    setRule(index, { operator, values: valuesFor(operator, rule.values) });
                  }}
                  data={OPERATORS.map(({ value: operator, label }) => ({ value: operator, label }))}
                />
              </SimpleGrid>
              <FieldProblems problems={[...problemsAt(`/filter/rules/${index}/property`), ...problemsAt(`/filter/rules/${index}/operator`)]} />
              {arity === 'many' && (
                <TagsInput
                  label="Values"
                  description="Any of them; press Enter after each."
                  value={rule.values}
                  onChange={(values) => setRule(index, { values })}
                  data={seen?.examples ?? []}
                  acceptValueOnBlur
                />
              )}
              {arity === 'one' && (
                <TextInput
                  label="Value"
                  description="A number, or a date such as 2024-03-01"
                  value={rule.values[0] ?? ''}
                  onChange={(event) => setRule(index, { values: [event.currentTarget.value] })}
                />
              )}
              {arity === 'two' && (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <TextInput
                    label="From"
                    description="Lower bound, included"
                    value={rule.values[0] ?? ''}
                    onChange={(event) => setRule(index, { values: [event.currentTarget.value, rule.values[1] ?? ''] })}
                  />
                  <TextInput
                    label="To"
                    description="Upper bound, included"
                    value={rule.values[1] ?? ''}
                    onChange={(event) => setRule(index, { values: [rule.values[0] ?? '', event.currentTarget.value] })}
                  />
                </SimpleGrid>
              )}
              <FieldProblems problems={[...problemsAt(`/filter/rules/${index}`), ...problemsAt(`/filter/rules/${index}/values`)]} />
            </Stack>
          </Paper>
        );
      })}
      {value.rules.length < MAX_RULES ? (
        <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => onChange({ ...value, rules: [...value.rules, newRule()] })}>
          Add rule
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          A filter has at most {MAX_RULES} rules.
        </Text>
      )}
    </Stack>
  );
}
