/** Merchant feature bitmask (SPEC section 3). */
export const FEATURES = {
  batches: 1,
  batch_credit_cards: 2,
  branding: 4,
  content: 8,
  manifests: 16,
  postpayments: 32,
  fetching: 64,
} as const;

export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
export const ALL_FEATURES = Object.values(FEATURES).reduce((a, b) => a | b, 0);

/** Notification channels bitmask. Only email and SMS are selectable for batches. */
export const CHANNELS = { email: 1, sms: 2, whatsapp: 4 } as const;
export type ChannelName = keyof typeof CHANNELS;
export const ALL_CHANNELS = CHANNELS.email | CHANNELS.sms | CHANNELS.whatsapp;
export const BATCH_CHANNELS = CHANNELS.email | CHANNELS.sms;

export function hasBit(mask: number | null | undefined, bit: number): boolean {
  return ((mask ?? 0) & bit) === bit;
}

export function bitsOf<T extends Record<string, number>>(table: T, mask: number): (keyof T)[] {
  return (Object.keys(table) as (keyof T)[]).filter((k) => hasBit(mask, table[k]));
}
