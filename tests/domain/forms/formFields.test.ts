import { describe, expect, it } from 'vitest';
import { FRONTDESK_HTML } from '../../../server/db/seed/demoHtml.ts';
import { checkSubmission, formFields, SUBMISSION_LIMITS, type FormField } from '../../../src/domain/forms/formFields.ts';

describe('formFields: the named controls of a template, without a DOM', () => {
  it('reads the seeded claims-intake form in document order with its labels', () => {
    expect(formFields(FRONTDESK_HTML)).toEqual([
      { name: 'customerName', type: 'text', required: true, label: 'Your name' },
      { name: 'email', type: 'email', required: true, label: 'E-mail' },
      { name: 'policyNumber', type: 'text', required: true, label: 'Policy number' },
      { name: 'description', type: 'textarea', required: false, label: 'What happened?' },
    ]);
  });

  it('gives a select its options: the value attribute, else the option text', () => {
    const fields = formFields(`<label>Branch <select name="branch" required>
      <option value="">Choose…</option><option value="north">North office</option><option>South &amp; East</option>
    </select></label>`);
    expect(fields).toEqual([{ name: 'branch', type: 'select', required: true, label: 'Branch', options: ['', 'north', 'South & East'] }]);
  });

  it('gathers a radio group under one name with every value, required when any radio is', () => {
    const fields = formFields(`<fieldset><legend>Contact by</legend>
      <label><input type="radio" name="contact" value="phone"> Phone</label>
      <label><input type="radio" name="contact" value="mail" required> Mail</label></fieldset>
      <label><input type="radio" name="size" value="s"> Small</label>
      <label><input type="checkbox" name="consent" required> I agree</label>
      <input type="checkbox" name="newsletter" value="yes" aria-label="Newsletter">`);
    expect(fields).toEqual([
      { name: 'contact', type: 'radio', required: true, label: 'Contact by', options: ['phone', 'mail'] },
      { name: 'size', type: 'radio', required: false, label: null, options: ['s'] },
      { name: 'consent', type: 'checkbox', required: true, label: 'I agree', options: ['on'] },
      { name: 'newsletter', type: 'checkbox', required: false, label: 'Newsletter', options: ['yes'] },
    ]);
  });

  it('ignores submit, button, reset, file and image inputs and unnamed controls; keeps hidden ones as optional text', () => {
    const fields = formFields(`<form>
      <input type="hidden" name="branch" value="north" required>
      <input type="submit" name="go"><input type="button" name="b"><input type="reset" name="r">
      <input type="file" name="f"><input type="image" name="i" src="x.png">
      <input placeholder="no name"><button type="submit" name="send">Send</button>
    </form>`);
    expect(fields).toEqual([{ name: 'branch', type: 'text', required: false, label: null }]);
  });

  it('uses <label for> and aria-label, maps unknown input types to text and range to number', () => {
    const fields = formFields(`<label for="p">Phone</label><input id="p" name="phone" type="tel">
      <input name="born" type="DATE" aria-label=" Date of birth ">
      <input name="site" type="url"><input name="level" type=range>`);
    expect(fields.map((f) => [f.name, f.type, f.label])).toEqual([
      ['phone', 'tel', 'Phone'],
      ['born', 'date', 'Date of birth'],
      ['site', 'text', null],
      ['level', 'number', null],
    ]);
  });

  it('skips comments, scripts, styles and the raw text inside a textarea', () => {
    const fields = formFields(`<!-- <input name="commented"> --><script>const s = '<input name="scripted">';</script>
      <style>input[name="styled"] { color: red }</style>
      <textarea name="notes"><input name="inside"></textarea><input name='single' required=''>`);
    expect(fields.map((f) => f.name)).toEqual(['notes', 'single']);
    expect(fields[1]?.required).toBe(true);
  });

  it('keeps one entry per distinct name: the first control decides the type', () => {
    expect(formFields('<input name="a" type="email"><textarea name="a"></textarea>')).toEqual([{ name: 'a', type: 'email', required: false, label: null }]);
  });

  it('answers no fields for a template without controls or with broken markup', () => {
    expect(formFields('<p>Just text</p>')).toEqual([]);
    expect(formFields('<input name="ok"<<>> <input')).toEqual([]);
  });
});

describe('checkSubmission: what a kiosk may send', () => {
  const fields: FormField[] = formFields(FRONTDESK_HTML).concat([
    { name: 'amount', type: 'number', required: false, label: 'Amount' },
  ]);
  const good = { customerName: 'Ana', email: 'ana@example.com', policyNumber: 'P-1' };

  it('accepts the required fields filled, optional ones missing or empty', () => {
    expect(checkSubmission(fields, good)).toEqual({ ok: true });
    expect(checkSubmission(fields, { ...good, description: '', amount: ' 12.5 ' })).toEqual({ ok: true });
  });

  it.each([
    ['a required field missing', { email: 'a@b.co', policyNumber: 'P' }, 'Please fill in Your name', 'customerName'],
    ['a required field blank', { ...good, policyNumber: '   ' }, 'Please fill in Policy number', 'policyNumber'],
    ['an unknown name', { ...good, admin: 'yes' }, 'This form has no field named admin', 'admin'],
    ['an e-mail without a domain', { ...good, email: 'ana@' }, 'Please enter a valid e-mail address in E-mail', 'email'],
    ['a number field with letters', { ...good, amount: '12 euros' }, 'Please enter a number in Amount', 'amount'],
    ['a value that is not text', { ...good, description: 5 }, 'What happened? must be text', 'description'],
    ['a value over the limit', { ...good, description: 'x'.repeat(SUBMISSION_LIMITS.maxValueLength + 1) }, 'What happened? is too long (at most 5000 characters)', 'description'],
  ])('refuses %s', (_case, values, message, field) => {
    expect(checkSubmission(fields, values)).toEqual({ ok: false, message, field });
  });

  it('accepts a value of exactly the limit and names a field without a label by its name', () => {
    expect(checkSubmission(fields, { ...good, description: 'x'.repeat(SUBMISSION_LIMITS.maxValueLength) })).toEqual({ ok: true });
    expect(checkSubmission([{ name: 'code', type: 'text', required: true, label: null }], {})).toEqual({ ok: false, message: 'Please fill in code', field: 'code' });
  });
});
