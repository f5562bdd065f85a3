/** Locker access under /api (docs/lockers.md): the terminal's own routes and support's side. */
import type { FastifyInstance } from 'fastify';
import { registerLockerStaffRoutes } from './staff.routes.js';
import { registerTerminalRoutes } from './terminal.routes.js';

export function lockerRoutes(app: FastifyInstance): void {
  registerTerminalRoutes(app);
  registerLockerStaffRoutes(app);
}
