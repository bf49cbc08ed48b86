/**
 * The kiosk page's texts in English and Spanish. A catalogue of its own rather than the console's i18n, which
 * would bring i18next into a page that must load fast on a cheap tablet. Chosen once from the browser's language.
 */
export type KioskTexts = {
  thankYou: string;
  thankYouDetail: string;
  loading: string;
  unavailable: string;
  offlineNoCopy: string;
  pleaseFillIn: (label: string) => string;
  invalidEmail: string;
  invalidNumber: string;
  tooLong: (max: number) => string;
  unknownField: string;
  waiting: (count: number) => string;
  allSent: string;
  failed: (count: number) => string;
  offline: string;
  send: string;
  statusLabel: string;
};

const en: KioskTexts = {
  thankYou: 'Thank you',
  thankYouDetail: 'We have your answers.',
  loading: 'Loading the form…',
  unavailable: 'This form is not available',
  offlineNoCopy: 'This form cannot be shown: there is no network and it has not been opened on this device before.',
  pleaseFillIn: (label) => `Please fill in ${label}`,
  invalidEmail: 'Please enter a valid e-mail address',
  invalidNumber: 'Please enter a number',
  tooLong: (max) => `Please keep this under ${max} characters`,
  unknownField: 'This field is not part of the form',
  waiting: (count) => (count === 1 ? '1 waiting to be sent' : `${count} waiting to be sent`),
  allSent: 'All sent',
  failed: (count) => (count === 1 ? '1 could not be sent' : `${count} could not be sent`),
  offline: 'Offline',
  send: 'Send',
  statusLabel: 'Submission status',
};

const es: KioskTexts = {
  thankYou: 'Gracias',
  thankYouDetail: 'Hemos recibido sus respuestas.',
  loading: 'Cargando el formulario…',
  unavailable: 'Este formulario no está disponible',
  offlineNoCopy: 'No se puede mostrar el formulario: no hay red y no se ha abierto antes en este dispositivo.',
  pleaseFillIn: (label) => `Por favor, complete ${label}`,
  invalidEmail: 'Introduzca un correo electrónico válido',
  invalidNumber: 'Introduzca un número',
  tooLong: (max) => `Use menos de ${max} caracteres`,
  unknownField: 'Este campo no forma parte del formulario',
  waiting: (count) => (count === 1 ? '1 pendiente de envío' : `${count} pendientes de envío`),
  allSent: 'Todo enviado',
  failed: (count) => (count === 1 ? '1 no se pudo enviar' : `${count} no se pudieron enviar`),
  offline: 'Sin conexión',
  send: 'Enviar',
  statusLabel: 'Estado de los envíos',
};

/** Spanish for any `es*` language, English otherwise. */
export function kioskTexts(language: string | undefined): { lang: 'en' | 'es'; texts: KioskTexts } {
  return (language ?? '').toLowerCase().startsWith('es') ? { lang: 'es', texts: es } : { lang: 'en', texts: en };
}
