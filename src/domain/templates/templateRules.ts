import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Node templates (part 2 §2 Node template editor, §3 Node template, §5 node template save rules, §7 templates
 * payloads, §8 messages): the schemas shared by the template mutations, the REST routes and the editor.
 */

/** Part 2 §8, as the spec words them. */
export const TEMPLATE_MESSAGES = {
  created: 'Template created!',
  edited: 'Template edited successfully!',
  createFailed: 'Template could not be created!',
  editFailed: 'Template could not be edited!',
  refreshed: 'Templates refreshed!',
  empty: 'No templates found.',
} as const;

/** Refusals of the template mutations and calls, in the user's words. */
export const TEMPLATE_REFUSALS = {
  notAllowed: 'Only administrators or users with the BUILDER module change node templates',
  idTaken: 'This Node ID is already used',
  notFound: 'Template not found',
  caseTypeNotFound: 'Case type not found',
  notReady: 'Your data is still loading; try again in a moment',
} as const;

/** Part 2 §3: the node types, in the order the editor offers them. */
export const TEMPLATE_NODE_TYPES = ['start', 'human-interface', 'email', 'api', 'script', 'timer', 'end'] as const;
export type TemplateNodeType = (typeof TEMPLATE_NODE_TYPES)[number];

/** The chip colours the console's badges offer. */
export type ChipTone = 'green' | 'blue' | 'yellow' | 'red' | 'orange' | 'blue-grey' | 'grey';

/** Part 2 §3 labels (Start, Human Interface, Email, API Service, Script) and the chip colour of each type. */
export const NODE_TYPE_LABELS: Record<TemplateNodeType, string> = {
  start: 'Start',
  'human-interface': 'Human Interface',
  email: 'Email',
  api: 'API Service',
  script: 'Script',
  timer: 'Timer',
  end: 'End',
};
export const NODE_TYPE_TONES: Record<TemplateNodeType, ChipTone> = {
  start: 'green',
  'human-interface': 'blue',
  email: 'yellow',
  api: 'orange',
  script: 'blue-grey',
  timer: 'grey',
  end: 'red',
};

export const isTemplateNodeType = (value: string): value is TemplateNodeType => (TEMPLATE_NODE_TYPES as readonly string[]).includes(value);
export const nodeTypeLabel = (value: string): string => (isTemplateNodeType(value) ? NODE_TYPE_LABELS[value] : value);
export const nodeTypeTone = (value: string): ChipTone => (isTemplateNodeType(value) ? NODE_TYPE_TONES[value] : 'grey');

/** Part 2 §3: the template value is 'EMPTY' unless the type is human-interface. */
export const EMPTY_TEMPLATE = 'EMPTY';
export const templateTextFor = (nodeType: string, template: string | null | undefined): string =>
  nodeType === 'human-interface' && typeof template === 'string' && template.trim() !== '' ? template : EMPTY_TEMPLATE;

const CONFIG_MAX = 500_000;
export type ConfigObject = Record<string, unknown>;
export type ConfigParse = { ok: true; value: ConfigObject } | { ok: false; reason: 'empty' | 'invalid' | 'not-object' | 'too-long' };

/** The configuration as text (the raw editor, a REST body): valid JSON whose value is an object. */
export function parseConfigText(text: string): ConfigParse {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (text.length > CONFIG_MAX) return { ok: false, reason: 'too-long' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  return isConfigObject(value) ? { ok: true, value } : { ok: false, reason: 'not-object' };
}

export const isConfigObject = (value: unknown): value is ConfigObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const CONFIG_REASON_TEXT: Record<Exclude<ConfigParse, { ok: true }>['reason'], string> = {
  empty: 'The configuration is required',
  invalid: 'The configuration is not valid JSON',
  'not-object': 'The configuration must be a JSON object ({ … })',
  'too-long': `The configuration is too long (at most ${CONFIG_MAX.toLocaleString('en')} characters)`,
};

const configSchema = z.custom<ConfigObject>(
  (value) => isConfigObject(value) && JSON.stringify(value).length <= CONFIG_MAX,
  'The configuration must be a JSON object',
);
const nameSchema = z.string({ error: 'The name is required' }).trim().min(1, 'The name is required').max(120, 'The name is too long (at most 120 characters)');
const descriptionSchema = z
  .string({ error: 'The description is required' })
  .trim()
  .min(1, 'The description is required')
  .max(500, 'The description is too long (at most 500 characters)');
const nodeTypeSchema = z.enum(TEMPLATE_NODE_TYPES, { error: `The node type is one of ${TEMPLATE_NODE_TYPES.join(', ')}` });
const templateSchema = z.string({ error: 'The template must be text' }).max(200_000, 'The template is too long (at most 200,000 characters)');

export const createTemplateArgs = z
  .object({
    id: clientIdSchema,
    name: nameSchema,
    caseTypeId: idRefSchema,
    nodeType: nodeTypeSchema,
    description: descriptionSchema,
    config: configSchema,
    template: templateSchema.nullable(),
  })
  .strict();
export type CreateTemplateArgs = z.infer<typeof createTemplateArgs>;

export const updateTemplateArgs = createTemplateArgs.extend({ id: idRefSchema });
export type UpdateTemplateArgs = z.infer<typeof updateTemplateArgs>;

/** A REST body's config is a JSON object, or text holding one (§3 lists config as JSON text). */
const restConfigSchema = z.union([configSchema, z.string()]).transform((value, ctx) => {
  if (typeof value !== 'string') return value;
  const parsed = parseConfigText(value);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: CONFIG_REASON_TEXT[parsed.reason] });
  return z.NEVER;
});

/** REST bodies (§7: name, case_type, node_type, description, config, template). */
export const createTemplateBody = z
  .object({ name: nameSchema, case_type: idRefSchema, node_type: nodeTypeSchema, description: descriptionSchema, config: restConfigSchema, template: templateSchema.nullable().optional() })
  .strict();
export const updateTemplateBody = z
  .object({
    name: nameSchema.optional(),
    case_type: idRefSchema.optional(),
    node_type: nodeTypeSchema.optional(),
    description: descriptionSchema.optional(),
    config: restConfigSchema.optional(),
    template: templateSchema.nullable().optional(),
  })
  .strict();

export type TemplateDraft = { id?: string | null; name?: string | null; caseTypeId?: string | null; nodeType?: string | null; description?: string | null; configText?: string | null };

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/** Part 2 §5: save needs name, case type, description and config (valid JSON object text); edit also needs the id. */
export function canSaveTemplate(mode: 'create' | 'edit', draft: TemplateDraft): boolean {
  const common =
    filled(draft.name) && filled(draft.caseTypeId) && filled(draft.nodeType) && filled(draft.description) && parseConfigText(draft.configText ?? '').ok;
  return mode === 'create' ? common : common && filled(draft.id);
}
