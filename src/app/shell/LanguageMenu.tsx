import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, setLanguage } from '../../i18n/i18n.ts';
import type { Language } from '../../i18n/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import { DeferredMenu } from '../../ui/DeferredMenu.tsx';

type Props = {
  /** Signed in: the choice is also saved to the user's account through the outbox. */
  saveToAccount?: boolean;
};

export function LanguageMenu({ saveToAccount = false }: Props) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  async function choose(language: Language) {
    // Queue the choice first: a reload right after it must find it in the outbox, or the replica's older language
    // would win over the one just shown.
    try {
      // Only the signed-in shell saves to the account; it has the replica loaded already.
      if (saveToAccount) await (await import('../../data/replica.ts')).mutate('user.setLanguage', { language });
    } finally {
      await setLanguage(language);
    }
  }

  // The menu's code comes when the menu is first used, on the sign-in page and in the signed-in header alike.
  return (
    <DeferredMenu
      label={t('language.label')}
      trigger={
        <>
          <Icon name="language" />
          <span className="text-sm font-medium uppercase">{current}</span>
        </>
      }
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(`language.${language}`),
        current: language === current,
        onSelect: () => void choose(language),
      }))}
    />
  );
}
