import { describe, expect, it } from 'vitest';
import {
  canSaveForm,
  createFormArgs,
  defaultFormLink,
  FORM_MESSAGES,
  formSlugSchema,
  isSafeHttpUrl,
  newFormSlug,
  submissionBody,
  submissionCaseDescription,
  updateFormArgs,
} from '../../../src/domain/forms/formRules.ts';
import { createRandom } from '../../../src/domain/random.ts';

describe('Form ID (slug) rules', () => {
  it.each(['claims-intake', 'abc', '0ws-x1y2z3', 'a'.repeat(63)])('accepts %s', (slug) => {
    expect(formSlugSchema.safeParse(slug).success).toBe(true);
  });
  it.each(['ab', '-abc', 'Claims', 'with space', 'a_b_c', 'a'.repeat(64), '../x'])('refuses %s', (slug) => {
    expect(formSlugSchema.safeParse(slug).success).toBe(false);
  });

  it('builds the default Form ID from the workspace id and six base-36 characters', () => {
    const random = createRandom(7);
    const slug = newFormSlug('WS_Demo.Main', () => random.next());
    expect(slug).toMatch(/^ws-demo-main-[a-z0-9]{6}$/);
    expect(formSlugSchema.safeParse(slug).success).toBe(true);
    expect(defaultFormLink(slug)).toBe(`/forms/${slug}`);
  });

  it('cuts a long workspace id to 40 characters and never starts with "-"', () => {
    const long = newFormSlug('x'.repeat(80), () => 0.5);
    expect(long).toBe(`${'x'.repeat(40)}-iiiiii`);
    expect(newFormSlug('__ws', () => 0)).toBe('ws-000000');
    expect(newFormSlug('___', () => 0.999)).toBe('form-zzzzzz');
    for (const id of [long, newFormSlug('__ws', () => 0), newFormSlug('___', () => 0.999)]) expect(formSlugSchema.safeParse(id).success).toBe(true);
  });
});

describe('canSaveForm (part 2 §5)', () => {
  const full = { formId: 'claims-intake', name: 'Intake', caseTypeId: 'ct-claims', description: 'Claims', template: '<form></form>', link: '/forms/claims-intake' };
  it.each([
    ['create', full, true],
    ['create', { ...full, formId: '', link: null }, true],
    ['create', { ...full, name: '  ' }, false],
    ['create', { ...full, caseTypeId: null }, false],
    ['create', { ...full, description: '' }, false],
    ['create', { ...full, template: '' }, false],
    ['edit', full, true],
    ['edit', { ...full, link: '' }, false],
    ['edit', { ...full, formId: null }, false],
    ['edit', { ...full, template: undefined }, false],
  ] as const)('%s with %o → %s', (mode, draft, expected) => {
    expect(canSaveForm(mode, draft)).toBe(expected);
  });
});

describe('form mutation and submission schemas', () => {
  const create = { id: 'form-0d6c5e3a-1111-4222-8333-944455556666', formId: 'claims-b', name: ' Intake ', caseTypeId: 'ct-claims', description: 'New claims', template: '<input name="a">', link: null };

  it('create trims the name and accepts no link; refuses a bad slug or an empty template', () => {
    expect(createFormArgs.parse(create).name).toBe('Intake');
    expect(createFormArgs.safeParse({ ...create, formId: 'Bad Slug' }).success).toBe(false);
    expect(createFormArgs.safeParse({ ...create, template: '' }).success).toBe(false);
    expect(createFormArgs.safeParse({ ...create, link: 'javascript:alert(1)' }).success).toBe(false);
  });

  it.each([
    ['/forms/claims-b', null, true],
    ['https://kiosk.example/forms/claims-b', 'https://hooks.example/in', true],
    ['/forms/x', 'http://localhost:9000/hook', true],
    ['/forms/x', 'http://127.0.0.1:9000/hook', true],
    ['/forms/x', '', true],
    ['', null, false],
    ['//evil.example/x', null, false],
    ['http://kiosk.example/x', null, false],
    ['/forms/x', 'http://hooks.example/in', false],
    ['/forms/x', 'https://user:pw@hooks.example/', false],
  ])('update link %s webhook %s → %s', (link, webhook, ok) => {
    const { formId: _formId, ...rest } = create;
    const parsed = updateFormArgs.safeParse({ ...rest, link, webhook });
    expect(parsed.success).toBe(ok);
  });

  it('an empty webhook is stored as none', () => {
    expect(updateFormArgs.parse({ id: 'form-1', name: 'n', caseTypeId: 'c', description: 'd', template: 't', link: '/x', webhook: ' ' }).webhook).toBeNull();
  });

  it('the designer address rule: https anywhere, http only on this machine', () => {
    expect(isSafeHttpUrl('https://designer.example/app')).toBe(true);
    expect(isSafeHttpUrl('http://localhost:5000')).toBe(true);
    expect(isSafeHttpUrl('http://designer.example')).toBe(false);
    expect(isSafeHttpUrl('ftp://designer.example')).toBe(false);
  });

  it('a submission needs a UUID, a version from 1, text values and a time', () => {
    const body = { submissionId: '0d6c5e3a-1111-4222-8333-944455556666', formVersion: 1, values: { a: 'x' }, filledAt: 1_700_000_000_000 };
    expect(submissionBody.safeParse(body).success).toBe(true);
    expect(submissionBody.safeParse({ ...body, submissionId: 'nope' }).success).toBe(false);
    expect(submissionBody.safeParse({ ...body, formVersion: 0 }).success).toBe(false);
    expect(submissionBody.safeParse({ ...body, values: { a: 1 } }).success).toBe(false);
  });

  it('a case description names the form and the first filled value, at most 120 characters', () => {
    expect(submissionCaseDescription('Claims intake', { email: 'a@b.co', customerName: ' Ana  Ruiz ' }, ['customerName', 'email'])).toBe('Claims intake — Ana Ruiz');
    expect(submissionCaseDescription('Claims intake', { customerName: '' }, ['customerName'])).toBe('Claims intake');
    expect(submissionCaseDescription('F', { a: 'y'.repeat(300) }, ['a'])).toHaveLength(120);
  });

  it('keeps the spec texts', () => {
    expect(FORM_MESSAGES).toMatchObject({ created: 'Form created!', copied: 'Form URL copied!', empty: 'No frontdesk forms found.' });
  });
});
