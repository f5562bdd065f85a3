/** Distances between points on the Earth, for "nearest first" lists of drop-off locations. */

export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean Earth radius (IUGG), in km. */
export const EARTH_MEAN_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine), rounded to 0.1 km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}
