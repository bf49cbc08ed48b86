/**
 * The public signing page (GET /sign/{token}): rendered by the server in the signer's language (Accept-Language),
 * with no sign-in, so these texts never go through the console's i18next bundles.
 */
export const signingEn = {
  lang: 'en',
  title: 'Sign the document',
  intro: 'Hello {{signer}}: you are asked to sign {{document}}.',
  caseDocument: 'case {{caseId}}',
  openDocument: 'Read the document',
  padLabel: 'Signature pad: draw your signature with the mouse, a finger or a pen',
  padHint: 'Draw your signature in the box.',
  typedLabel: 'Or type your full name to sign with it',
  consent: 'By selecting Sign you agree that this drawing is your electronic signature of the document.',
  clear: 'Clear',
  sign: 'Sign',
  signing: 'Signing…',
  signFirst: 'Draw your signature (or type your name) first.',
  doneTitle: 'Document signed',
  done: 'Thank you, {{signer}}: your signature was recorded.',
  continue: 'Continue',
  failed: 'The signature could not be sent. Check your connection and try again.',
  errors: {
    400: 'This link is not complete',
    404: 'This signing link is not valid. Ask the sender for a new one.',
    409: 'This document has already been signed.',
    410: 'This signing link has expired. Ask the sender for a new one.',
    413: 'The signature image is too large. Clear it and draw a simpler one.',
    429: 'Too many attempts. Please wait a minute and try again.',
  },
  errorTitles: { 400: 'Link not complete', 404: 'Link not valid', 409: 'Already signed', 410: 'Link expired', 413: 'Signature too large', 429: 'Too many attempts' },
};

export type SigningTexts = typeof signingEn;
