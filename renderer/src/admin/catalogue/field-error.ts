/**
 * A form field's complaint in the console's language. The shared zod schemas (common/) carry
 * English messages used on both sides; here each known message maps to a key, and an unknown one
 * falls back to its zod issue code (the resolver puts it in the error's type). A refusal from
 * the service (type 'server') is the service's own words and is shown as it came.
 */
import { i18n } from '../../i18n';

const BY_MESSAGE: Record<string, string> = {
  'Give a name': 'giveName',
  'At most 100 characters': 'max100',
  'At most 200 characters': 'max200',
  'At most 500 characters': 'max500',
  'A colour as #RRGGBB': 'colour',
  'A whole number': 'whole',
  'Not negative': 'notNegative',
  'Ids are whole numbers': 'idsWhole',
  'Ids are positive': 'idsPositive',
  'A key code: 8 to 16 hexadecimal digits': 'keyCode',
  'Minutes after midnight: 0 to 1439': 'startMinute',
  'Minutes: 1 to 1440': 'duration',
  'An event kind (a positive bitmask)': 'eventKind',
  'Points: 0 or more': 'points',
  'Choose at least one kind of event': 'oneKind',
  'Give the command text': 'commandText',
  'Give a login': 'login',
  'An e-mail address': 'email',
  'An IMEI: 10 to 20 digits': 'imei',
  'km/h: 1 to 400': 'maxSpeed',
  'Seconds: 1 to 864000': 'timeout',
  'A geozone needs a name': 'geozoneName',
  'A circle needs a centre and a radius': 'circle',
  'A polygon needs at least 3 points': 'polygon',
  'A line needs at least 2 points': 'line',
  'A line needs a width above 0 metres': 'lineWidth',
};

/** Zod issue codes with a general word, for a message the table above does not know. */
const BY_CODE = new Set(['too_small', 'too_big', 'invalid_format', 'invalid_type', 'invalid_union', 'invalid_value', 'not_multiple_of']);

export function fieldErrorText(error: { type?: unknown; message?: unknown } | undefined): string | undefined {
  if (!error || error.message === undefined) return undefined;
  const message = String(error.message);
  if (error.type === 'server') return message;
  const key = BY_MESSAGE[message];
  if (key) return i18n.t(`admin:validation.${key}`);
  const code = String(error.type ?? '');
  return BY_CODE.has(code) ? i18n.t(`admin:validation.code.${code}`) : message;
}
