import { Button } from './Button.tsx';

type Props = {
  onClose: () => void;
  cancelLabel: string;
  /** What the submit button says now (its busy wording while a save runs). */
  submitLabel: string;
  submitDisabled: boolean;
  /** The server's or the replica's refusal of the last submit, shown above the buttons. */
  refusal?: string | null | undefined;
  /** Why submit is disabled, beside the buttons and named by the submit button. */
  hint?: { id: string; text: string } | null;
};

/** The foot of a dialog form: its refusal, if any, then Cancel and the submit button. */
export function FormFooter({ onClose, cancelLabel, submitLabel, submitDisabled, refusal = null, hint = null }: Props) {
  return (
    <>
      {refusal !== null && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {hint !== null && (
          <span id={hint.id} className="mr-auto text-xs text-slate-600">
            {hint.text}
          </span>
        )}
        <Button variant="secondary" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={submitDisabled} aria-describedby={hint?.id}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
