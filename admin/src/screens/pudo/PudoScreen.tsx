/** /pudo: check-in on arrival, hand-over to the customer with a photo of their ID. */
import { StoreScreen } from '../shared/StoreScreen.js';

export function PudoScreen() {
  return <StoreScreen kind="pudo" />;
}
