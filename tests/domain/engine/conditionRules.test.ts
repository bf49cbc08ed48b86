import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { conditionSummary, logicToRules, rulesToLogic, typedValue, type ConditionRule } from '../../../src/domain/engine/conditionRules.ts';
import { conditionHolds } from '../../../src/domain/engine/flowGraph.ts';

describe('transition condition rules', () => {
  it.each([
    ['42', 42],
    ['true', true],
    ['false', false],
    ['null', null],
    ['visit', 'visit'],
    ['', ''],
  ])('typed value of %j is %j', (text, value) => expect(typedValue(text)).toBe(value));

  it.each<[ConditionRule[], unknown]>([
    [[], undefined],
    [[{ field: 'decision', operator: '==', value: 'visit' }], { '==': [{ var: 'decision' }, 'visit'] }],
    [[{ field: 'amount', operator: '>', value: '5000' }], { '>': [{ var: 'amount' }, 5000] }],
    [[{ field: 'notes', operator: 'in', value: 'urgent' }], { in: ['urgent', { var: 'notes' }] }],
    [[{ field: 'idChecked', operator: 'truthy', value: '' }, { field: 'amount', operator: '<=', value: '10' }], { and: [{ '!!': [{ var: 'idChecked' }] }, { '<=': [{ var: 'amount' }, 10] }] }],
  ])('rules %j are the JSON Logic %j and read back the same', (rules, logic) => {
    expect(rulesToLogic(rules)).toEqual(logic);
    expect(logicToRules(logic)).toEqual(rules);
  });

  it('rules without a field are left out', () => {
    expect(rulesToLogic([{ field: ' ', operator: '==', value: 'x' }])).toBeUndefined();
  });

  it('the JSON Logic holds as the runner evaluates it', () => {
    const logic = rulesToLogic([{ field: 'decision', operator: '==', value: 'visit' }, { field: 'amount', operator: '>', value: '100' }]);
    expect(conditionHolds(logic, { decision: 'visit', amount: 150 })).toBe(true);
    expect(conditionHolds(logic, { decision: 'visit', amount: 50 })).toBe(false);
    expect(jsonLogic.apply(rulesToLogic([{ field: 'notes', operator: 'in', value: 'urgent' }]) as never, { notes: 'very urgent' })).toBe(true);
  });

  it('a condition the builder cannot show stays custom', () => {
    const custom = { or: [{ var: 'a' }, { var: 'b' }] };
    expect(logicToRules(custom)).toBeNull();
    expect(conditionSummary(custom)).toBe('custom');
    expect(conditionSummary(undefined)).toBeNull();
    expect(conditionSummary({ '==': [{ var: 'decision' }, 'visit'] })).toBe('decision == visit');
  });
});
