/**
 * The form as the visitor sees it: the administrator's template, sanitised, with its links neutralised (kiosk
 * mode: nothing leads away from the form), the values read and the problems shown next to their fields.
 */
import type { FieldMessage } from './fieldCheck.ts';
import { sanitizeTemplateToFragment } from '../src/ui/sanitizeTemplate.ts';
import type { FormField } from '../src/domain/forms/formFields.ts';
import type { KioskTexts } from './texts.ts';

const ERROR_CLASS = 'kiosk-error';

/**
 * The template's `<form>` (its first), or a form wrapped around the whole template when it has none; a send button
 * is added when the form has no way to submit.
 */
export function renderForm(host: HTMLElement, template: string, texts: KioskTexts): HTMLFormElement {
  const fragment = sanitizeTemplateToFragment(template);
  // Kiosk mode on top of part 2 §5's sanitising: no link leads anywhere and no form posts anywhere but here.
  for (const link of fragment.querySelectorAll('a')) {
    link.removeAttribute('href');
    link.removeAttribute('target');
  }
  for (const element of fragment.querySelectorAll('[action], [formaction]')) {
    element.removeAttribute('action');
    element.removeAttribute('formaction');
  }
  let form = fragment.querySelector('form');
  if (!form) {
    form = document.createElement('form');
    form.append(fragment);
    host.replaceChildren(form);
  } else {
    host.replaceChildren(fragment);
  }
  form.classList.add('kiosk-form');
  // The page shows its own messages, in the visitor's language, next to each field.
  form.noValidate = true;
  if (!form.querySelector('button:not([type="button"]):not([type="reset"]), input[type="submit"]')) {
    const send = document.createElement('button');
    send.type = 'submit';
    send.textContent = texts.send;
    form.append(send);
  }
  return form;
}

function controls(form: HTMLFormElement, name: string): HTMLElement[] {
  return [...form.elements].filter((element): element is HTMLInputElement => 'name' in element && (element as HTMLInputElement).name === name);
}

/** Each field's value as the server takes it: a string; unchecked boxes are empty, several checked ones joined. */
export function readValues(form: HTMLFormElement, fields: readonly FormField[]): Record<string, string> {
  const data = new FormData(form);
  const values: Record<string, string> = {};
  for (const field of fields) {
    values[field.name] = data
      .getAll(field.name)
      .filter((value): value is string => typeof value === 'string')
      .join(', ');
  }
  return values;
}

export function clearMessages(form: HTMLFormElement): void {
  for (const message of form.querySelectorAll(`.${ERROR_CLASS}`)) message.remove();
  for (const control of form.querySelectorAll('[aria-invalid]')) {
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
  }
}

/** Shows each message after its field (after the field's label when the field sits inside one); focuses the first. */
export function showMessages(form: HTMLFormElement, messages: readonly FieldMessage[]): void {
  clearMessages(form);
  let first: HTMLElement | undefined;
  for (const [index, item] of messages.entries()) {
    const [control] = controls(form, item.field);
    const message = document.createElement('p');
    message.className = ERROR_CLASS;
    message.id = `kiosk-error-${index}`;
    message.textContent = item.message;
    if (!control) {
      form.prepend(message);
      continue;
    }
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', message.id);
    (control.closest('label') ?? control).after(message);
    first ??= control;
  }
  first?.focus();
}
