/**
 * The locker network under /api (docs/lockers.md): the terminal's own routes and support's access tools
 * (pickup codes, secrets, badges, door events), and the occupancy side (doors, availability, locker full).
 */
import type { FastifyInstance } from 'fastify';
import { registerLockerOpsRoutes } from './locker-ops.routes.js';
import { registerLockerStaffRoutes } from './staff.routes.js';
import { registerTerminalRoutes } from './terminal.routes.js';

export function lockerRoutes(app: FastifyInstance): void {
  registerTerminalRoutes(app);
  registerLockerStaffRoutes(app);
  registerLockerOpsRoutes(app);
}
