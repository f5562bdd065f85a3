/** Locations resource (scope dropoff | pickup | all, default dropoff). */
import type { ResourceModule } from '../module.js';
import { locationsList } from './locations.repository.js';
import { createLocation, deleteLocation, locationIncludes, locationVerdicts, updateLocation } from './locations.service.js';

export const locationsModule: ResourceModule = {
  name: 'locations',
  list: locationsList,
  verdicts: async (rows, actor) => locationVerdicts(rows, actor),
  include: locationIncludes,
  create: createLocation,
  update: updateLocation,
  remove: deleteLocation,
};
