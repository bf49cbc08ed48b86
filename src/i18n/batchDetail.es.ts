import type { Widen } from './en.ts';
import type { batchDetailEn } from './batchDetail.en.ts';

/** El detalle de un lote, en español (las mismas claves que batchDetail.en.ts). */
export const batchDetailEs: Widen<typeof batchDetailEn> = {
  loading: 'Cargando el lote…',
};
