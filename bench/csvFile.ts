/**
 * The CSV bench's file: 100,000 lines (plus the header) of some 200 bytes, ~20 MB, the same bytes on every run
 * (a seeded generator). Shaped like a real export: accented names in UTF-8, quoted notes with commas, doubled
 * quotes and now and then a line break, and some empty cells.
 */
import { createRandom } from '../src/domain/random.ts';

export const CSV_BENCH_LINES = 100_000;

const FIRST = ['Ana', 'José', 'Zoë', 'François', 'Miguel', 'Søren', 'Chloé', 'Łukasz', 'Mei', 'Olusegun', 'Íñigo', 'Priya'];
const LAST = ['García', 'Müller', 'Núñez', 'Smith', "O'Brien", 'Kowalski', 'Nakamura', 'Dubois', 'Ólafsson', 'Pérez de la Peña'];
const CITIES = ['Bogotá', 'Köln', 'São Paulo', 'Málaga', 'Zürich', 'Kraków', 'Lyon', 'Reykjavík', 'Lagos', 'Ciudad de México'];
const NOTES = [
  'Customer asked for a call back, preferably in the morning',
  'Documents received: ID, proof of address, signed form',
  'Said "urgent" twice; escalate if no answer by Friday',
  'Policy renewed last year, premium paid in two installments',
  'Address changed, see attached letter\nSecond line of the note',
];

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function benchCsv(lines = CSV_BENCH_LINES): string {
  const random = createRandom(17).next;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const out = ['line_id,customer_id,first_name,last_name,email,phone,city,policy,amount,start_date,status,notes'];
  for (let i = 1; i <= lines; i += 1) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const phone = random() < 0.2 ? '' : `+34 6${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
    out.push(
      [
        `L-${String(i).padStart(6, '0')}`,
        `C-${String(Math.floor(random() * 1e7)).padStart(7, '0')}`,
        first,
        last,
        `${first}.${last}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        phone,
        pick(CITIES),
        `POL-${Math.floor(random() * 1e6)}`,
        (random() * 10_000).toFixed(2),
        `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${day}`,
        random() < 0.1 ? '' : 'NEW',
        `${pick(NOTES)}, ref ${Math.floor(random() * 1e9)}`,
      ]
        .map(quote)
        .join(','),
    );
  }
  return `${out.join('\r\n')}\r\n`;
}
