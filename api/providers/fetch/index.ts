/** The fetch service in use: the local fixture-backed implementation. */
import { createLocalFetchService } from './local-fetch.js';
import type { FetchService } from './fetch-service.js';

export type { FetchService, FetchedShipment } from './fetch-service.js';
export { FETCH_FIXTURES } from './local-fetch.js';

let service: FetchService | undefined;
export const fetchService = (): FetchService => (service ??= createLocalFetchService());
