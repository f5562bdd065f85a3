/** /warehouse: check-in, check-out to a driver, and quick check-in (continuous scanning). */
import { StoreScreen } from '../shared/StoreScreen.js';

export function WarehouseScreen() {
  return <StoreScreen kind="warehouse" />;
}
