import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'green' | 'yellow' | 'red' | 'orange' | 'blue' | 'blue-grey' | 'grey';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  grey: 'bg-slate-200 text-slate-800',
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
  orange: 'bg-orange-100 text-orange-900',
  blue: 'bg-blue-100 text-blue-900',
  'blue-grey': 'bg-slate-300 text-slate-900',
};

type Props = { tone?: BadgeTone; children: ReactNode; title?: string; className?: string };

export function Badge({ tone = 'neutral', children, title, className = '' }: Props) {
  return (
    <span title={title} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}>
      {children}
    </span>
  );
}
