/** Links that look like the console's small buttons (they navigate, so they are real links). */
export const LINK_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
export const TEXT_LINK = 'rounded font-semibold text-brand underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
