// placeholder: owned by the resources engineer
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceName } from '../../../core/permissions.js';
import shipments from './shipments/index.js';
import packages from './packages/index.js';
import batches from './batches/index.js';

export interface ResourceDefinition {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => ReactNode);
  /** Nested screens (packages under shipments...), mounted under <CustomRoutes>. */
  routes?: ReactElement[];
}

export const resources: Partial<Record<ResourceName, ResourceDefinition>> = { shipments, packages, batches };
