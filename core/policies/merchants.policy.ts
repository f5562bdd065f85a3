/**
 * Merchant names are unique across the network, compared as they read (merchantNameKey: "Acme Outfitters",
 * " acme outfitters ", "Acme\u00a0 Outfitters" and "ACME\u200b OUTFITTERS" are one name): two merchants of one name could not be told apart in the merchant filters and
 * pickers. The API refuses a create or rename to a taken name (422 `merchant.name_taken` on `name`).
 */

/**
 * Characters that show nothing (zero-width space and joiners, soft hyphen, bidi marks, byte-order mark, variation
 * selectors...): "Acme\u200bOutfitters" reads as "Acme Outfitters" in every picker.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * What two merchant names are compared by: compatibility forms folded (NFKC: a no-break or ideographic space is a
 * space, full-width "Ａｃｍｅ" is "Acme"), invisible characters dropped, any run of spaces one space (a page shows
 * "Acme  Outfitters" as "Acme Outfitters"), trimmed, any case. Look-alike letters of other scripts (a Cyrillic "е")
 * are not folded.
 */
export const merchantNameKey = (name: string): string =>
  name.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('en').normalize('NFC');

/** The merchant among `others` that already has `name` (another one than `self`), if any. */
export function merchantNameTakenBy<T extends { id: number; name: string | null }>(name: string, others: readonly T[], self?: number): T | undefined {
  const key = merchantNameKey(name);
  return others.find((m) => m.id !== self && m.name != null && merchantNameKey(m.name) === key);
}
