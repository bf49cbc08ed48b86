import { MOBILE_MAX_WIDTH } from '../ui/uiConstants.ts';

/** Part 1 §9: the PDF viewer draws pages at scale 0.8, and 0.45 on mobile (up to the 570 px breakpoint). */
export const PDF_SCALE = 0.8;
export const PDF_SCALE_MOBILE = 0.45;

export const pdfScale = (viewportWidth: number): number => (viewportWidth <= MOBILE_MAX_WIDTH ? PDF_SCALE_MOBILE : PDF_SCALE);

/** A file the PDF viewer shows: by its type, or by its name when the type was not recorded. */
export const isPdfFile = (type: string, name: string): boolean => type.toLowerCase() === 'application/pdf' || (type === 'application/octet-stream' && /\.pdf$/i.test(name));
