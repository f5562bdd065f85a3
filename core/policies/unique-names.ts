/**
 * Names unique across the network, compared as they read (nameKey: "Acme Outfitters", " acme outfitters ",
 * "Acme\u00a0 Outfitters" and "ACME\u200b OUTFITTERS" are one name): two records of one name could not be told apart
 * in the filters and pickers that list them. One rule for every such resource (UNIQUE_NAMES): the API refuses a
 * create or rename to a taken name with the resource's own code, on `name` (docs/resources.md "Per resource").
 */
import type { ErrorCode } from '../errors.js';

/** The resources whose names are unique, and the code (422, on `name`) that refuses a taken one. */
export const UNIQUE_NAMES = {
  merchants: 'merchant.name_taken',
  location_groups: 'location_group.name_taken',
} as const satisfies Record<string, ErrorCode>;

export type UniqueNameResource = keyof typeof UNIQUE_NAMES;

/**
 * Characters that show nothing (zero-width space and joiners, soft hyphen, bidi marks, byte-order mark, variation
 * selectors...): "Acme\u200bOutfitters" reads as "Acme Outfitters" in every picker.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * What two names are compared by: compatibility forms folded (NFKC: a no-break or ideographic space is a
 * space, full-width "Ａｃｍｅ" is "Acme"), invisible characters dropped, any run of spaces one space (a page shows
 * "Acme  Outfitters" as "Acme Outfitters"), trimmed, any case. Look-alike letters of other scripts (a Cyrillic "е")
 * are not folded.
 */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('en').normalize('NFC');

/** Whether two names are one name (a rename from one to the other changes only how it is written). */
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/** The record among `others` that already has `name` (another one than `self`), if any. */
export function nameTakenBy<T extends { id: number; name: string | null }>(name: string, others: readonly T[], self?: number): T | undefined {
  const key = nameKey(name);
  return others.find((m) => m.id !== self && m.name != null && nameKey(m.name) === key);
}
