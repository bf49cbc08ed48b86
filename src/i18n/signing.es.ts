import type { SigningTexts } from './signing.en.ts';

/** The public signing page in Spanish (see signing.en.ts). */
export const signingEs: SigningTexts = {
  lang: 'es',
  title: 'Firmar el documento',
  intro: 'Hola {{signer}}: se le pide firmar {{document}}.',
  caseDocument: 'el caso {{caseId}}',
  openDocument: 'Leer el documento',
  padLabel: 'Panel de firma: dibuje su firma con el ratón, un dedo o un lápiz',
  padHint: 'Dibuje su firma en el recuadro.',
  typedLabel: 'O escriba su nombre completo para firmar con él',
  consent: 'Al seleccionar Firmar acepta que este trazo es su firma electrónica del documento.',
  clear: 'Borrar',
  sign: 'Firmar',
  signing: 'Firmando…',
  signFirst: 'Primero dibuje su firma (o escriba su nombre).',
  doneTitle: 'Documento firmado',
  done: 'Gracias, {{signer}}: su firma quedó registrada.',
  continue: 'Continuar',
  failed: 'No se pudo enviar la firma. Revise su conexión e inténtelo de nuevo.',
  errors: {
    400: 'Este enlace no está completo',
    404: 'Este enlace de firma no es válido. Pida uno nuevo a quien se lo envió.',
    409: 'Este documento ya fue firmado.',
    410: 'Este enlace de firma ha caducado. Pida uno nuevo a quien se lo envió.',
    413: 'La imagen de la firma es demasiado grande. Bórrela y dibuje una más sencilla.',
    429: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
  },
  errorTitles: { 400: 'Enlace incompleto', 404: 'Enlace no válido', 409: 'Ya firmado', 410: 'Enlace caducado', 413: 'Firma demasiado grande', 429: 'Demasiados intentos' },
};
