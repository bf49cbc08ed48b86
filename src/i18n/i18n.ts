/**
 * i18next set-up. The language key lives in localStorage, initialised from the browser language the first
 * time (part 1 §1); English is the fallback for anything missing. English is in the first chunk (the sign-in
 * page needs it and it is the fallback); every other catalogue is its own chunk, loaded when it is chosen. The
 * signed-in console's own texts (features.*.ts) are a chunk per language too, added before the shell renders.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import type { Catalogue } from './en.ts';
import type { FeatureCatalogue } from './features.en.ts';

export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const LAZY_CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./es.ts').then((m) => m.es),
};

const FEATURE_CATALOGUES: Record<Language, () => Promise<FeatureCatalogue>> = {
  en: () => import('./features.en.ts').then((m) => m.featuresEn),
  es: () => import('./features.es.ts').then((m) => m.featuresEs),
};
/** Set once the signed-in console has asked for its texts: from then on every language loaded brings its own. */
let featuresWanted = false;
const featuresLoaded = new Set<Language>();

async function loadFeatures(language: Language): Promise<void> {
  if (!featuresWanted || featuresLoaded.has(language)) return;
  i18next.addResourceBundle(language, 'translation', await FEATURE_CATALOGUES[language](), true, true);
  featuresLoaded.add(language);
}

/** The signed-in console's texts in English (the fallback) and in the language in use; awaited before the shell. */
export async function loadFeatureCatalogues(): Promise<void> {
  featuresWanted = true;
  await loadFeatures('en');
  const current = i18next.language;
  if (isLanguage(current) && current !== 'en') await loadFeatures(current);
}

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

/** Adds a language's catalogue to i18next if it is not there yet (a chunk the service worker keeps offline). */
export async function loadCatalogue(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await LAZY_CATALOGUES[language](), true, true);
  }
  await loadFeatures(language);
}

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
  await loadCatalogue(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/** Ready once the stored language's catalogue is in, so the first render is already in that language. */
export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    // Other catalogues are added later with addResourceBundle.
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  try {
    await setLanguage(lng);
  } catch {
    // The catalogue could not load (offline before it was ever cached): English until the next start.
    document.documentElement.lang = 'en';
  }
  return i18next;
}
