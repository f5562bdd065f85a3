/**
 * The device's last known position for the scans (never waited for): watched once the user scans, unless the
 * browser says location is denied. A scan takes whatever was known at that moment, or nothing.
 */
interface Fix {
  latitude: number;
  longitude: number;
  accuracy_m: number;
}

let last: Fix | null = null;
let watching = false;

export function watchPosition(): void {
  if (watching || typeof navigator === 'undefined' || !navigator.geolocation) return;
  watching = true;
  const start = () =>
    navigator.geolocation.watchPosition(
      ({ coords }) => {
        last = { latitude: coords.latitude, longitude: coords.longitude, accuracy_m: Math.round(coords.accuracy) };
      },
      () => undefined,
      { enableHighAccuracy: false, maximumAge: 60_000 },
    );
  const permissions = navigator.permissions;
  if (!permissions) return void start();
  permissions.query({ name: 'geolocation' }).then(
    (state) => {
      if (state.state !== 'denied') start();
    },
    () => undefined,
  );
}

/** The position fields of a scan (none when unknown). */
export const positionFields = (): Partial<Fix> => (last ? { ...last } : {});
