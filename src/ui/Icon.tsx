/** A small set of line icons drawn on a 24 px grid; decorative unless a label is given. */
const PATHS = {
  dashboard: 'M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z',
  cases: 'M4 7h16v12H4zM9 7V4h6v3M4 12h16',
  inbox: 'M3 13l3-9h12l3 9v7H3zm0 0h5l1 3h6l1-3h5',
  frontdesk: 'M4 20V9l8-5 8 5v11zM9 20v-6h6v6',
  batches: 'M4 6h16M4 12h16M4 18h10',
  apps: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  flows: 'M5 5h5v5H5zm9 9h5v5h-5zM7.5 10v4a2 2 0 0 0 2 2H14',
  collections: 'M12 3v18M17 7H9.5a2.5 2.5 0 0 0 0 5h5a2.5 2.5 0 0 1 0 5H6',
  builder: 'M4 20l4-1 11-11-3-3L5 16zM14 6l3 3',
  whatsapp: 'M4 20l1.5-4A8 8 0 1 1 9 19.5zM9 9c0 3 3 6 6 6',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3m0 14v3M2 12h3m14 0h3M5 5l2 2m10 10 2 2M5 19l2-2m10-10 2-2',
  logout: 'M15 12H4m4-4-4 4 4 4M12 4h7v16h-7',
  menu: 'M4 6h16M4 12h16M4 18h16',
  back: 'M15 5l-7 7 7 7',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  chevronDown: 'M5 9l7 7 7-7',
  sortAsc: 'M12 5l-5 6h10z',
  sortDesc: 'M12 19l-5-6h10z',
  sortNone: 'M12 4l-4 5h8zM12 20l-4-5h8z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4',
  close: 'M6 6l12 12M18 6 6 18',
  cloud: 'M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9a4.5 4.5 0 0 0 1 9z',
  cloudOff: 'M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9a4.5 4.5 0 0 0 1 9zM3 3l18 18',
  language: 'M3 5h10M8 3v2m-3 0c1 4 4 7 7 8M11 5c-1 4-4 7-7 8m9 8 4-10 4 10m-7-3h6',
  construction: 'M3 20h18M5 20l7-16 7 16M8 13h8',
  empty: 'M4 8h16v11H4zM4 8l3-4h10l3 4M9 13h6',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  largeFile: 'M6 3h8l4 4v14H6zM14 3v4h4M12 10v7m-3-3 3 3 3-3',
  brokenImage: 'M4 4h16v16H4zM4 15l4-4 3 3M14 11l2-2 4 4M4 4l16 16',
} as const;

export type IconName = keyof typeof PATHS;

type Props = { name: IconName; label?: string; className?: string };

export function Icon({ name, label, className = 'h-5 w-5' }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label === undefined ? undefined : 'img'}
      aria-hidden={label === undefined ? true : undefined}
      aria-label={label}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
