/**
 * What an SMS costs (docs/notifications.md "SMS length"): its encoding and how many segments the network bills.
 *
 * - **GSM-7** (3GPP TS 23.038): the basic table below (1 unit a character) and its extension table (`^ { } \ [ ~ ] | €`
 *   and form feed: an escape plus the character, 2 units). One SMS carries 160 units; a longer text is split into
 *   parts of 153 (the rest is the concatenation header), and an escaped pair is never split across two parts.
 * - **UCS-2** as soon as one character is outside both tables (á í ó ú, curly quotes, emoji, the narrow no-break
 *   space Intl puts before "PM"...): 70 UTF-16 units in one SMS, 67 a part when concatenated; a surrogate pair
 *   (an emoji) is never split.
 *
 * `gsm7Text` is what the renderer sends as SMS: a text spelled in GSM-7 when replacing a few look-alikes makes it
 * so (á -> a, “ -> ", the no-break spaces -> space: what providers call smart encoding), else the text unchanged.
 * Note ¿ ¡ ñ Ñ é É ü Ü are GSM-7 already: Spanish loses only the accent of á í ó ú (and Á Í Ó Ú) in an SMS.
 */

/** The GSM 03.38 basic character table, in code order (0x1B, the escape, left out). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs the escape plus itself. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Parts the network bills: 1 up to 160 / 70 units, else concatenated parts of 153 / 67. */
  segments: number;
}

/** Segments an SMS of at most this many is allowed to take (every template is tested against it). */
export const SMS_MAX_SEGMENTS = 2;

const SINGLE = { gsm7: 160, ucs2: 70 } as const;
const PART = { gsm7: 153, ucs2: 67 } as const;

/** True when every character of the text is in the GSM-7 basic or extension table. */
export const isGsm7 = (text: string) => [...text].every((c) => BASIC.has(c) || EXTENSION.has(c));

/** The cost of each character, in units of the encoding (never split across parts). */
function costs(text: string, encoding: SmsEncoding): number[] {
  return [...text].map((c) => (encoding === 'gsm7' ? (EXTENSION.has(c) ? 2 : 1) : c.length));
}

/** Encoding, units and billed segments of one SMS text. An empty text is one (empty) segment. */
export function smsSize(text: string): SmsSize {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  const each = costs(text, encoding);
  const units = each.reduce((a, b) => a + b, 0);
  if (units <= SINGLE[encoding]) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const cost of each) {
    if (used + cost > PART[encoding]) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, segments };
}

/** Look-alikes outside GSM-7 and their GSM-7 spelling. */
const LOOK_ALIKES: Record<string, string> = {
  á: 'a', í: 'i', ó: 'o', ú: 'u', Á: 'A', Í: 'I', Ó: 'O', Ú: 'U', â: 'a', ê: 'e', î: 'i', ô: 'o', û: 'u', ë: 'e', ï: 'i',
  ã: 'a', õ: 'o', ç: 'c', À: 'A', È: 'E', Ì: 'I', Ò: 'O', Ù: 'U', Ê: 'E', Ë: 'E', Ï: 'I', Â: 'A', Ô: 'O', Û: 'U',
  '\u00a0': ' ', '\u202f': ' ', '\u2009': ' ', '\u2007': ' ', '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"',
  '«': '"', '»': '"', '–': '-', '—': '-', '‑': '-', '…': '...', '\t': ' ',
};

/**
 * The text to send as an SMS: with the look-alikes replaced when that makes it GSM-7 (a location "Estación Marítima"
 * reads "Estacion Maritima" and the SMS stays at 153 characters a part instead of 67); unchanged when some
 * character has no GSM-7 spelling (another script, an emoji), since it goes as UCS-2 anyway.
 */
export function gsm7Text(text: string): string {
  if (isGsm7(text)) return text;
  const replaced = [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return isGsm7(replaced) ? replaced : text;
}
