import { describe, expect, it } from 'vitest';
import { flowRows } from '../../../src/domain/engine/flowList.ts';
import { validateFlowSearch, validateFlowsSearch } from '../../../src/features/flows/flowsSearch.ts';

const flows = [
  { id: 'flow-b', name: 'Beta', description: 'Second' },
  { id: 'flow-a', name: 'alpha', description: 'Claims intake' },
  { id: 'flow-c', name: 'Gamma', description: '' },
];

describe('the Flows list rows and URL', () => {
  it('numbers the flows in name order and keeps the numbers when filtering', () => {
    expect(flowRows(flows, '').map((r) => [r.index, r.flow.id])).toEqual([
      [1, 'flow-a'],
      [2, 'flow-b'],
      [3, 'flow-c'],
    ]);
    expect(flowRows(flows, 'GAMMA').map((r) => [r.index, r.flow.id])).toEqual([[3, 'flow-c']]);
  });

  it('searches name, id and description, case-insensitively', () => {
    expect(flowRows(flows, 'claims').map((r) => r.flow.id)).toEqual(['flow-a']);
    expect(flowRows(flows, 'FLOW-B').map((r) => r.flow.id)).toEqual(['flow-b']);
  });

  it('reads the list and modeler search params, dropping what is not valid', () => {
    expect(validateFlowsSearch({ q: ' claims ', page: '3' })).toEqual({ q: 'claims', page: 3 });
    expect(validateFlowsSearch({ q: '', page: 'x' })).toEqual({});
    expect(validateFlowSearch({ id: 'flow-a', canEditFlow: 'true', isNewFlow: false })).toEqual({ id: 'flow-a', canEditFlow: true, isNewFlow: false });
    expect(validateFlowSearch({ canEditFlow: 'yes' })).toEqual({});
  });
});
