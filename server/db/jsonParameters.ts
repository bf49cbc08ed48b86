import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const isJsonValue = (value: unknown): boolean =>
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && !(value instanceof Date) && !(value instanceof Uint8Array));

const toParameter = (value: unknown): unknown => (isJsonValue(value) ? JSON.stringify(value) : value);

class JsonParameterTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return isJsonValue(node.value) ? { ...node, value: toParameter(node.value) } : node;
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some(isJsonValue) ? { ...node, values: node.values.map(toParameter) } : node;
  }
}

/**
 * Sends arrays and objects as JSON text, which PostgreSQL casts to the jsonb column. Without it node-postgres
 * turns a JS array into a PostgreSQL array literal and a jsonb insert of an array fails (PGlite accepts both),
 * so the two backends would behave differently.
 */
export class JsonParametersPlugin implements KyselyPlugin {
  private readonly transformer = new JsonParameterTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
