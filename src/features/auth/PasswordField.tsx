import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './TextField.tsx';
import type { TextFieldProps } from './TextField.tsx';

/** A password input with the show/hide toggle of part 1 §2. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          className="min-w-16 rounded-lg border border-slate-300 px-3 text-sm font-medium text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-focus"
        >
          {visible ? t('login.hide') : t('login.show')}
        </button>
      }
    />
  );
}
