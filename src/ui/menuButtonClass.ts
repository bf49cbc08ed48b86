/** The look of a menu's trigger button, shared by Menu and the stand-in of DeferredMenu. */
export const menuButtonClass = (extra = '') =>
  `relative inline-flex items-center gap-1 rounded-lg px-2 py-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus ${extra}`;
