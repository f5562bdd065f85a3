import { CreateButton, useCanAccess } from 'react-admin';

/** "Create" for a nested resource (e.g. add a package on a shipment page), when the role may create. */
export function NestedCreateButton({ resource, to, label }: { resource: string; to: string; label?: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return canAccess ? <CreateButton resource={resource} to={to} label={label} /> : null;
}
