/**
 * i18next set-up. The language key lives in localStorage, initialised from the browser language the first
 * time (part 1 §1); English is the fallback for anything missing.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { es } from './es.ts';

export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

export function browserLanguage(): Language {
  const preferred = navigator.languages?.[0] ?? navigator.language ?? 'en';
  return preferred.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const initial = browserLanguage();
  localStorage.setItem(LANGUAGE_STORAGE_KEY, initial);
  return initial;
}

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export function initI18n(): typeof i18next {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18next;
}
