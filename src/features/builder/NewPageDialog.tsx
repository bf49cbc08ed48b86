import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageNameSchema } from '../../domain/templates/templatePages.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';

/** The 'New Page' modal (part 2 §2): a name; the page is added at the end of the template. */
export function NewPageDialog({ onClose, onCreate }: { onClose: () => void; onCreate: (name: string) => void }) {
  const { t } = useTranslation();
  const guard = useButtonGuard();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog open onClose={onClose} title={t('hiBuilder.newPage.title')}>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = pageNameSchema.safeParse(name);
          if (!parsed.success) {
            setError(name.trim() === '' ? t('hiBuilder.newPage.required') : t('hiBuilder.newPage.tooLong'));
            return;
          }
          guard(() => onCreate(parsed.data));
        }}
      >
        <NoteField
          label={t('hiBuilder.newPage.name')}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(undefined);
          }}
          error={error}
          maxLength={80}
          autoFocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('hiBuilder.newPage.cancel')}
          </Button>
          <Button type="submit">{t('hiBuilder.newPage.create')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
