import type { TemplateBlock } from '../../../domain/forms/templateBlocks.ts';

/** The graphic editor's list operations: each returns a new list and leaves the one it was given alone. */

/** The list with the block at `index` moved by `delta` places (clamped to the ends). */
export function moveBlock(blocks: readonly TemplateBlock[], index: number, delta: number): TemplateBlock[] {
  const target = Math.min(blocks.length - 1, Math.max(0, index + delta));
  const moved = blocks[index];
  if (moved === undefined || target === index) return [...blocks];
  const rest = blocks.filter((_, i) => i !== index);
  return [...rest.slice(0, target), moved, ...rest.slice(target)];
}

export function removeBlock(blocks: readonly TemplateBlock[], id: string): TemplateBlock[] {
  return blocks.filter((block) => block.id !== id);
}

export function replaceBlock(blocks: readonly TemplateBlock[], replacement: TemplateBlock): TemplateBlock[] {
  return blocks.map((block) => (block.id === replacement.id ? replacement : block));
}

/** Part 2 §2: Convert to Template, Preview Block and copy act on the selected blocks, or on all when none is. */
export function selectedOrAll(blocks: readonly TemplateBlock[], selected: ReadonlySet<string>): TemplateBlock[] {
  const chosen = blocks.filter((block) => selected.has(block.id));
  return chosen.length === 0 ? [...blocks] : chosen;
}

/** The selection toggled for one block. */
export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
