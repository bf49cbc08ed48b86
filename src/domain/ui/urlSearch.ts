/**
 * Reading a screen's URL search params, whatever a hand-edited link holds. The router reads `?q=12` or `?line=2`
 * typed by hand as numbers (it writes them back quoted), so a number is taken as its text.
 */
export const searchText = (raw: unknown): string | undefined => {
  const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
};

/** A page index from the URL: a whole number from 1 (page 0 is the default and stays out of the URL). */
export const searchPage = (raw: unknown): number | undefined => {
  const page = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : undefined;
};
