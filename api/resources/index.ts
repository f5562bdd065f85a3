// replaced by the resources engineer
import type { FastifyInstance } from 'fastify';

export async function resourceRoutes(_app: FastifyInstance): Promise<void> {}
