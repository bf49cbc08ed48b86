import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, type DateStyle } from '../domain/ui/dateFormat.ts';

/** The one date formatter bound to the reader's language (and the device's time zone): every shown date uses it. */
export function useDateFormat(): (epochMs: number, style?: DateStyle) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((epochMs: number, style: DateStyle = 'dateTime') => formatDate(epochMs, { locale, style }), [locale]);
}
