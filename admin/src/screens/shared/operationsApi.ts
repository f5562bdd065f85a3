/**
 * The calls the store and driver screens make (docs/operations-api.md). Errors are handled on the screen
 * itself (inline, with what to do next), so the usual 4xx statuses are kept out of the global dialog.
 */
import { api } from '../../providers/http.js';
import type { Alternative, CanResponse, Driver, PackageMeta, PackageRecord, PackageResult, ShipmentSummary } from '../../../../core/contract/index.js';

/** Statuses a scan screen explains inline instead of in the global error dialog. */
export const INLINE_STATUSES = [0, 400, 403, 404, 409, 422];
const inline = { suppress: INLINE_STATUSES };

/** The wire types of the package routes (core/contract): one definition for the API and the screens. */
export type { Alternative, CanResponse as CanResult, Driver, PackageMeta, PackageRecord, PackageResult, ShipmentSummary };

export const lookupPackage = (barcode: string) => api<PackageResult>('packages/lookup', { query: { barcode }, ...inline });

/** The package with its shipment (reference, consignee) and location names. */
export const showPackage = (id: number) => api<PackageResult>(`packages/${id}`, inline);

/**
 * The package again with its details after a verb. When the user may no longer open it (the verb took it
 * out of their view: a warehouse checked it out, a driver extended a locker package), the verb's answer is
 * laid over the details already shown, so the card keeps its shipment and consignee.
 */
export async function refreshPackage(result: PackageResult, shown: PackageRecord | null | undefined): Promise<PackageResult> {
  try {
    return await showPackage(result.data.id);
  } catch {
    if (shown?.id !== result.data.id) return result;
    const data: PackageRecord = { ...shown, ...result.data };
    if (shown.location_id !== result.data.location_id) data.location_name = null;
    if (shown.dropoff_location_id !== result.data.dropoff_location_id) data.dropoff_location_name = null;
    return { ...result, data };
  }
}

/** Lookup by barcode, then the detailed record. */
export async function findPackage(barcode: string): Promise<PackageResult> {
  const found = await lookupPackage(barcode);
  return showPackage(found.data.id);
}

export const packageVerb = (id: number, verb: string, body: Record<string, unknown> = {}) =>
  api<PackageResult>(`packages/${id}/${verb}`, { method: 'POST', body, ...inline });

export const fetchFromMerchant = (barcode: string) =>
  api<PackageResult>('packages/fetch', { method: 'POST', body: { barcode }, ...inline });

export const alternativeLocations = (id: number) => api<{ data: Alternative[] }>(`packages/${id}/alternative-locations`, inline);

/** Warehouse check-out: the drivers a package can be handed to. */
export const handoverDrivers = () => api<{ data: Driver[] }>('packages/handover-drivers', inline);

export const canOnPackages = (action: string, ids: number[]) => api<CanResponse>(`user/can/${action}/package`, { query: { ids }, ...inline });

/** PUDO hand-over: multipart with the identification photo (field `image`) and the location. */
export function checkOutWithImage(id: number, locationId: number, image: Blob): Promise<PackageResult> {
  const form = new FormData();
  form.append('location_id', String(locationId));
  form.append('image', image, image.type === 'image/png' ? 'identification.png' : 'identification.jpg');
  // Refusals are shown on the screen; a lapsed session (401) still signs the user out.
  return api<PackageResult>(`packages/${id}/check-out`, { method: 'POST', body: form, suppress: (status) => status !== 401 });
}
