/**
 * Case notes are stored as one text: title, details, description and the agent prefix joined by a three-slash
 * separator (part 2 §3). A valid note has at least three parts (part 2 §5).
 */
export const NOTE_SEPARATOR = '///';
export const NOTE_DESCRIPTION_MAX = 500;
/** Part 2 §3: the prefix of an agent without a name. */
export const UNKNOWN_AGENT_PREFIX = 'UE';

export type NoteParts = { title: string; details: string; description: string; agentPrefix: string };

export function agentPrefix(name: string | null | undefined): string {
  const initials = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return initials || UNKNOWN_AGENT_PREFIX;
}

export function encodeNote(parts: NoteParts): string {
  return [parts.title, parts.details, parts.description, parts.agentPrefix].join(NOTE_SEPARATOR);
}

export function decodeNote(text: string): NoteParts | null {
  const parts = text.split(NOTE_SEPARATOR);
  if (parts.length < 3) return null;
  const [title = '', details = '', description = '', prefix = ''] = parts;
  return { title, details, description, agentPrefix: prefix };
}
