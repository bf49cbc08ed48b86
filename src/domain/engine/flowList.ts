/**
 * The Flows list (part 1 §2): the flows in name order, each with its place in that order (the table's index
 * column), filtered by a case-insensitive search on the name, the id and the description.
 */
export type ListedFlow = { id: string; name: string; description: string };
export type FlowRow<F extends ListedFlow> = { index: number; flow: F };

export function flowRows<F extends ListedFlow>(flows: readonly F[], search: string): FlowRow<F>[] {
  const q = search.trim().toLowerCase();
  return [...flows]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((flow, i) => ({ index: i + 1, flow }))
    .filter(({ flow }) => q === '' || flow.name.toLowerCase().includes(q) || flow.id.toLowerCase().includes(q) || flow.description.toLowerCase().includes(q));
}
