import { describe, expect, it } from 'vitest';
import { CASE_TYPE_MESSAGES, compareStates, createCaseTypeArgs, listedCaseTypes, listItems, stateFieldsSchema } from '../../../src/domain/cases/caseTypeRules.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);
const base = { caseTypeId: 'ct-12345678', code: 'Claims', description: 'Claims', startingAppId: 'app-demo-claims' };

describe('case type rules (part 2 §3, §5, §9)', () => {
  it('inputs and outputs are slash-separated lists, blanks and repeats dropped', () => {
    expect(listItems(' policy / amount//policy ')).toEqual(['policy', 'amount']);
    expect(createCaseTypeArgs.parse({ ...base, paramsExpected: 'a / b//', resultsExpected: ['x', ' y '] })).toMatchObject({ paramsExpected: 'a/b', resultsExpected: 'x/y', states: [] });
  });

  it.each([
    [{ code: '' }, CASE_TYPE_MESSAGES.idRequired],
    [{ code: 'has space' }, CASE_TYPE_MESSAGES.idInvalid],
    [{ code: 'tbd' }, CASE_TYPE_MESSAGES.idReserved],
    [{ description: '   ' }, CASE_TYPE_MESSAGES.descriptionRequired],
    [{ startingAppId: '' }, CASE_TYPE_MESSAGES.startingAppRequired],
    [{ startingAppId: undefined }, CASE_TYPE_MESSAGES.startingAppRequired],
  ])('%j is refused: %s', (change, message) => {
    expect(firstMessage(createCaseTypeArgs.safeParse({ ...base, ...change }))).toBe(message);
  });

  it('a state needs an id and a description; order is a whole number from -1 to 999', () => {
    expect(stateFieldsSchema.parse({ key: 'Received', description: 'Received' })).toEqual({ key: 'Received', description: 'Received', order: 0, hide: false });
    expect(firstMessage(stateFieldsSchema.safeParse({ key: '', description: 'x' }))).toBe(CASE_TYPE_MESSAGES.idRequired);
    expect(firstMessage(stateFieldsSchema.safeParse({ key: 'A', description: '' }))).toBe(CASE_TYPE_MESSAGES.descriptionRequired);
    for (const order of [-2, 1000, 1.5, 'x']) expect(firstMessage(stateFieldsSchema.safeParse({ key: 'A', description: 'a', order }))).toBe(CASE_TYPE_MESSAGES.orderInvalid);
    expect(stateFieldsSchema.parse({ key: 'A', description: 'a', order: '-1' }).order).toBe(-1);
  });

  it('two new states of one type cannot share an ID, whatever its case', () => {
    const states = [
      { stateId: 'cst-aaaaaaaa', key: 'Paid', description: 'Paid' },
      { stateId: 'cst-bbbbbbbb', key: 'PAID', description: 'Paid again' },
    ];
    expect(firstMessage(createCaseTypeArgs.safeParse({ ...base, states }))).toBe(CASE_TYPE_MESSAGES.stateIdTaken);
  });

  it('lists leave TBD out and go by ID; states go by order with -1 last', () => {
    const types = [{ code: 'ONBOARDING' }, { code: 'TBD' }, { code: 'CLAIM' }, { code: 'OLD', deleted: true }];
    expect(listedCaseTypes(types).map((t) => t.code)).toEqual(['CLAIM', 'ONBOARDING']);
    const states = [
      { stateKey: 'Denied', order: -1 },
      { stateKey: 'Paid', order: 3 },
      { stateKey: 'Received', order: 1 },
    ];
    expect(states.sort(compareStates).map((s) => s.stateKey)).toEqual(['Received', 'Paid', 'Denied']);
  });
});
