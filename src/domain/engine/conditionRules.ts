/**
 * The transition condition's simple rule builder (issue 14 item 4): rules of the form field · operator · value,
 * all of which must hold, written as the JSON Logic the runner evaluates (flowGraph.ts nextStageKey). A
 * condition the builder cannot show as rules (written by hand or through the API) is kept as it is.
 */
export const CONDITION_OPERATORS = ['==', '!=', '>', '>=', '<', '<=', 'in', 'truthy', 'falsy'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ConditionRule = { field: string; operator: ConditionOperator; value: string };

/** Operators without a value: the field is set (truthy) or not. */
export const UNARY_OPERATORS: readonly ConditionOperator[] = ['truthy', 'falsy'];

/** A typed value: numbers, true/false and null as such, everything else as text. */
export function typedValue(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function ruleToLogic(rule: ConditionRule): unknown {
  const field = { var: rule.field.trim() };
  if (rule.operator === 'truthy') return { '!!': [field] };
  if (rule.operator === 'falsy') return { '!': [field] };
  // "in": the field's text contains the value.
  if (rule.operator === 'in') return { in: [rule.value, field] };
  return { [rule.operator]: [field, typedValue(rule.value)] };
}

/** The JSON Logic of the rules; no rules, no condition (the transition is always taken). */
export function rulesToLogic(rules: readonly ConditionRule[]): unknown {
  const complete = rules.filter((r) => r.field.trim() !== '');
  if (complete.length === 0) return undefined;
  if (complete.length === 1) return ruleToLogic(complete[0]!);
  return { and: complete.map(ruleToLogic) };
}

const isVar = (value: unknown): value is { var: string } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as { var?: unknown }).var === 'string';

function logicToRule(logic: unknown): ConditionRule | null {
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) return null;
  const entries = Object.entries(logic);
  if (entries.length !== 1) return null;
  const [op, raw] = entries[0]!;
  const args = Array.isArray(raw) ? raw : [raw];
  if ((op === '!!' || op === '!') && args.length === 1 && isVar(args[0])) return { field: args[0].var, operator: op === '!!' ? 'truthy' : 'falsy', value: '' };
  if (op === 'in' && args.length === 2 && isVar(args[1]) && typeof args[0] === 'string') return { field: args[1].var, operator: 'in', value: args[0] };
  if ((CONDITION_OPERATORS as readonly string[]).includes(op) && args.length === 2 && isVar(args[0]) && !isVar(args[1])) {
    const value = args[1];
    if (value !== null && typeof value === 'object') return null;
    return { field: args[0].var, operator: op as ConditionOperator, value: textOf(value) };
  }
  return null;
}

/** The rules a condition is made of, `[]` for none, or null when the builder cannot show it. */
export function logicToRules(logic: unknown): ConditionRule[] | null {
  if (logic === undefined || logic === null) return [];
  if (logic !== null && typeof logic === 'object' && !Array.isArray(logic) && Object.keys(logic).length === 1 && 'and' in logic) {
    const parts = (logic as { and: unknown }).and;
    if (!Array.isArray(parts)) return null;
    const rules = parts.map(logicToRule);
    return rules.every((r): r is ConditionRule => r !== null) ? rules : null;
  }
  const rule = logicToRule(logic);
  return rule === null ? null : [rule];
}

/** A short reading of a condition for the edge's label: `decision == visit`, `2 rules`, `custom`. */
export function conditionSummary(logic: unknown): string | null {
  const rules = logicToRules(logic);
  if (rules === null) return 'custom';
  if (rules.length === 0) return null;
  if (rules.length > 1) return `${rules.length} rules`;
  const rule = rules[0]!;
  return UNARY_OPERATORS.includes(rule.operator) ? `${rule.field} ${rule.operator}` : `${rule.field} ${rule.operator} ${rule.value}`;
}
