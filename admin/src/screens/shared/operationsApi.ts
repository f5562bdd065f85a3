/**
 * The calls the store and driver screens make (docs/operations-api.md), as dataProvider methods
 * (providers/dataProvider.ts: getOne, lookup, act, actOn, choices, can) that the screens reach through
 * react-admin's useDataProvider (`usePackageOperations`). Errors are handled on the screen itself (inline,
 * with what to do next), so the usual 4xx statuses are kept out of the global dialog (`quiet`).
 */
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import { QUIET_STATUSES, type ActResult, type LockerlineDataProvider } from '../../providers/dataProvider.js';
import type { Alternative, Driver, PackageMeta, PackageRecord, PackageResult, ShipmentSummary } from '../../../../core/contract/index.js';

/** Statuses a scan screen explains inline instead of in the global error dialog. */
export const INLINE_STATUSES = QUIET_STATUSES;
const inline = { quiet: true } as const;

/** The wire types of the package routes (core/contract): one definition for the API and the screens. */
export type { Alternative, Driver, PackageMeta, PackageRecord, PackageResult, ShipmentSummary };

/** One definition: the dataProvider's (providers/dataProvider.ts `can`). */
import type { CanResult } from '../../providers/dataProvider.js';
export type { CanResult };

/**
 * A verb's or lookup's answer as the scan screens read it (`meta.actions` always there). A lapsed session
 * answers no record (useDataProvider signs the user out and resolves empty): that is no package to show.
 */
function asPackage(res: ActResult): PackageResult {
  if (res.data?.id === undefined) throw new Error('no record');
  return { data: res.data as unknown as PackageRecord, meta: { ...res.meta, actions: res.meta?.actions ?? [] } };
}

export const lookupPackage = async (dp: LockerlineDataProvider, barcode: string) => asPackage(await dp.lookup('packages', { barcode }, inline));

/** The package with its shipment (reference, consignee) and location names. */
export async function showPackage(dp: LockerlineDataProvider, id: number): Promise<PackageResult> {
  const { data } = await dp.getOne('packages', { id, meta: inline });
  return asPackage({ data, meta: { actions: (data._actions as string[] | undefined) ?? [] } });
}

/**
 * The package again with its details after a verb. When the user may no longer open it (the verb took it
 * out of their view: a warehouse checked it out, a driver extended a locker package), the verb's answer is
 * laid over the details already shown, so the card keeps its shipment and consignee.
 */
export async function refreshPackage(dp: LockerlineDataProvider, result: PackageResult, shown: PackageRecord | null | undefined): Promise<PackageResult> {
  try {
    return await showPackage(dp, result.data.id);
  } catch {
    if (shown?.id !== result.data.id) return result;
    const data: PackageRecord = { ...shown, ...result.data };
    if (shown.location_id !== result.data.location_id) data.location_name = null;
    if (shown.dropoff_location_id !== result.data.dropoff_location_id) data.dropoff_location_name = null;
    return { ...result, data };
  }
}

/** Lookup by barcode, then the detailed record. */
export async function findPackage(dp: LockerlineDataProvider, barcode: string): Promise<PackageResult> {
  const found = await lookupPackage(dp, barcode);
  return showPackage(dp, found.data.id);
}

export const packageVerb = async (dp: LockerlineDataProvider, id: number, verb: string, body: Record<string, unknown> = {}) =>
  asPackage(await dp.act('packages', id, verb, body, inline));

export const fetchFromMerchant = async (dp: LockerlineDataProvider, barcode: string) => asPackage(await dp.actOn('packages', 'fetch', { barcode }, inline));

export const alternativeLocations = (dp: LockerlineDataProvider, id: number) => dp.choices<Alternative>('packages', 'alternative-locations', id, inline);

/** Warehouse check-out: the drivers a package can be handed to. */
export const handoverDrivers = (dp: LockerlineDataProvider) => dp.choices<Driver>('packages', 'handover-drivers', null, inline);

export const canOnPackages = (dp: LockerlineDataProvider, action: string, ids: number[]) => dp.can('packages', action, ids, inline);

/** PUDO hand-over: multipart with the identification photo (field `image`) and the location. */
export async function checkOutWithImage(dp: LockerlineDataProvider, id: number, locationId: number, image: Blob): Promise<PackageResult> {
  const form = new FormData();
  form.append('location_id', String(locationId));
  form.append('image', image, image.type === 'image/png' ? 'identification.png' : 'identification.jpg');
  // Refusals are shown on the screen; a lapsed session (401) still signs the user out.
  return asPackage(await dp.act('packages', id, 'check-out', form, { quiet: (status) => status !== 401 }));
}

type Bound<F> = F extends (dp: LockerlineDataProvider, ...args: infer A) => infer R ? (...args: A) => R : never;

const OPERATIONS = {
  lookupPackage, showPackage, refreshPackage, findPackage, packageVerb, fetchFromMerchant, alternativeLocations, handoverDrivers, canOnPackages, checkOutWithImage,
};

export type PackageOperations = { [K in keyof typeof OPERATIONS]: Bound<(typeof OPERATIONS)[K]> };

/** The calls above on react-admin's dataProvider (useDataProvider: a lapsed session signs the user out). */
export function usePackageOperations(): PackageOperations {
  const dp = useDataProvider<LockerlineDataProvider>();
  return useMemo(() => {
    const bound: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(OPERATIONS)) bound[name] = (...args: unknown[]) => (call as (...a: unknown[]) => unknown)(dp, ...args);
    return bound as PackageOperations;
  }, [dp]);
}
