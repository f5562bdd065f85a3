/** The locker service in use: the local implementation (a remote smartbox client would plug in here). */
import { createLocalLockerService } from './local-locker.js';
import type { LockerService } from './locker-service.js';

export type { LockerService, Terminal, Allocation } from './locker-service.js';
export { parseTerminal, layoutCompartments, checkPhone } from './local-locker.js';

let service: LockerService | undefined;
export const lockerService = (): LockerService => (service ??= createLocalLockerService());
