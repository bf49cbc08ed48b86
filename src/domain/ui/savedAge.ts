/** How long ago something was saved, in the modeler's words: '12 s', '3 min', '2 h', '5 d'; null under a second. */
export function savedAgeLabel(savedAt: number, now: number): string | null {
  const seconds = Math.floor((now - savedAt) / 1000);
  if (seconds < 1) return null;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
