/**
 * The merchant's fetch service (an aeropost-style provider, SPEC section 3 "fetch service"): given a
 * barcode scanned by a driver that matches no package, it returns the shipment data so the package
 * can be created on the spot. Returns null when the merchant's provider does not know the barcode.
 */
export interface FetchedShipment {
  external_reference_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  country: string;
  /** Code of the drop-off location the customer chose at the merchant. */
  dropoff_location_code: string;
  size: 'SMALL' | 'MEDIUM' | 'LARGE' | 'OVERSIZED';
  description: string | null;
}

export interface FetchService {
  /** Looks a barcode up at the merchant's provider (`kind` is the merchant's fetch_service value). */
  lookup(kind: string, barcode: string): Promise<FetchedShipment | null>;
}
