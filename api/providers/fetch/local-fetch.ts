/** Local fetch service backed by fixtures (development and tests): a handful of known barcodes. */
import type { FetchService, FetchedShipment } from './fetch-service.js';

export const FETCH_FIXTURES: Record<string, FetchedShipment> = {
  AP1000000001: { external_reference_id: 'AERO-70001', first_name: 'Rhea', last_name: 'Bain', email: 'rhea.bain@example.net', phone: '+12423571234', country: 'BS', dropoff_location_code: 'PD-NAS-01', size: 'SMALL', description: 'Phone case' },
  AP1000000002: { external_reference_id: 'AERO-70002', first_name: 'Kurt', last_name: 'Munnings', email: 'kurt.munnings@example.net', phone: '+12423579876', country: 'BS', dropoff_location_code: 'LK-NAS-01', size: 'MEDIUM', description: 'Running shoes' },
  AP1000000003: { external_reference_id: 'AERO-70003', first_name: 'Ivy', last_name: 'Saunders', email: null, phone: '+12423575555', country: 'BS', dropoff_location_code: 'PD-NAS-02', size: 'OVERSIZED', description: 'Kayak paddle' },
};

export function createLocalFetchService(fixtures: Record<string, FetchedShipment> = FETCH_FIXTURES): FetchService {
  return {
    async lookup(kind, barcode) {
      if (kind !== 'aeropost') return null;
      return fixtures[barcode.toUpperCase()] ?? null;
    },
  };
}
