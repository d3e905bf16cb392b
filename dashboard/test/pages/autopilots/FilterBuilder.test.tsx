import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FilterDraft, filterDocument } from '../../../src/pages/autopilots/editor/draft';
import { FilterBuilder } from '../../../src/pages/autopilots/editor/FilterBuilder';
import type { Problem } from '../../../src/pages/autopilots/editor/types';
import { renderControlled } from './harness';

const EMPTY: FilterDraft = { match: 'all', rules: [] };
const PROPERTIES = [
  { property: 'country', contacts: 3, examples: ['Germany', 'France'] },
  { property: 'numberofemployees', contacts: 2, examples: ['120', '2000'] },
];

function renderBuilder(initial = EMPTY, problems: Problem[] = []) {
  return renderControlled(initial, (value, onChange) => (
    <FilterBuilder value={value} onChange={onChange} properties={PROPERTIES} problemsAt={(path) => problems.filter((problem) => problem.path === path)} />
  ));
}

const rule = (n: number) => within(screen.getByRole('group', { name: `Rule ${n}` }));

describe('the filter builder', () => {
  it('names the 11 operators in words', async () => {
    renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const options = [...(rule(1).getByLabelText('Operator') as HTMLSelectElement).options].map((option) => [option.value, option.text]);
    expect(options).toEqual([
      ['is', 'is'],
      ['is_not', 'is not'],
      ['contains', 'contains'],
      ['not_contains', 'does not contain'],
      ['gt', 'is greater than'],
      ['gte', 'is at least'],
      ['lt', 'is less than'],
      ['lte', 'is at most'],
      ['between', 'is between'],
      ['is_known', 'is known'],
      ['is_unknown', 'is unknown'],
    ]);
  });

  it('offers the value inputs each operator takes: several for is, one for a comparison, two for between, none for is known', async () => {
    const emitted = renderBuilder();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.type(rule(1).getByLabelText('Property', { selector: 'input' }), 'country');
    await userEvent.type(rule(1).getByLabelText('Values', { selector: 'input' }), 'Germany{Enter}France{Enter}');
    expect(filterDocument(emitted.current)).toEqual({ match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany', 'France'] }] });

    await userEvent.selectOptions(rule(1).getByLabelText('Operator'), 'gte');
    expect(rule(1).queryByLabelText('Values', { selector: 'input' })).toBeNull();
    // Only the first value is kept for a comparison.
    expect(rule(1).getByLabelText('Value')).toHaveValue('Germany');

    await userEvent.selectOptions(rule(1).getByLabelText('Operator'), 'between');
    expect(rule(1).queryByLabelText('Value')).toBeNull();
    await userEvent.clear(rule(1).getByLabelText('From'));
    await userEvent.type(rule(1).getByLabelText('From'), '50');
    await userEvent.type(rule(1).getByLabelText('To'), '500');
    expect(filterDocument(emitted.current).rules[0]).toEqual({ property: 'country', operator: 'between', values: [50, 500] });

    await userEvent.selectOptions(rule(1).getByLabelText('Operator'), 'is_known');
    for (const label of ['Values', 'Value', 'From', 'To']) expect(rule(1).queryByLabelText(label, { selector: 'input' })).toBeNull();
    expect(filterDocument(emitted.current).rules[0]).toEqual({ property: 'country', operator: 'is_known' });
  });

  it('says what the property holds on recent contacts', async () => {
    renderBuilder({ match: 'all', rules: [{ key: 1, property: 'country', operator: 'is', values: [] }] });
    expect(rule(1).getByText('3 recent contacts, such as Germany, France')).toBeInTheDocument();
  });

  it('takes all or any of at most three rules, and removes one', async () => {
    const emitted = renderBuilder();
    expect(screen.getByText(/No rules: this Autopilot matches every lead/)).toBeInTheDocument();
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.getByText('A filter has at most 3 rules.')).toBeInTheDocument();
    await userEvent.type(rule(2).getByLabelText('Property', { selector: 'input' }), 'jobtitle');
    await userEvent.click(screen.getByRole('radio', { name: 'any rule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(screen.queryByRole('group', { name: 'Rule 3' })).toBeNull();
    expect(emitted.current.match).toBe('any');
    expect(emitted.current.rules.map((kept) => kept.property)).toEqual(['jobtitle', '']);
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeInTheDocument();
  });

  it('shows each problem beside its rule, in the engine’s words', () => {
    const message = 'Rule 1 (numberofemployees between): "between" takes exactly two values, the lower and the upper bound (both included); it has 1';
    renderBuilder({ match: 'all', rules: [{ key: 1, property: 'numberofemployees', operator: 'between', values: ['500', ''] }] }, [{ severity: 'error', path: '/filter/rules/0/values', message }]);
    expect(rule(1).getByText(message)).toBeInTheDocument();
  });
});
