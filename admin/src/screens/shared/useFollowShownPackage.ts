/**
 * The package card of a scan screen follows changes made elsewhere (docs/live-updates.md "Admin"): when the package
 * shown changed (another counter, a driver, the office), it is shown as it is now. Not while the user is acting on it
 * (`paused`: a verb running, a dialog open on it), so the live refresh never replaces what the user is working with;
 * a package the user may no longer open keeps its card as it was (refreshPackage).
 */
import type { Dispatch, SetStateAction } from 'react';
import { useLiveChanges } from '../../live/useLive.js';
import { usePackageOperations, type PackageResult } from './operationsApi.js';

export function useFollowShownPackage(current: PackageResult | null, setCurrent: Dispatch<SetStateAction<PackageResult | null>>, paused: boolean): void {
  const { refreshPackage } = usePackageOperations();
  useLiveChanges(['packages'], (_resource, ids) => {
    const shown = current;
    if (!shown || paused || (ids && !ids.has(shown.data.id))) return;
    void refreshPackage(shown, shown.data).then((fresh) => setCurrent((now) => (now?.data.id === shown.data.id ? fresh : now)), () => undefined);
  });
}
