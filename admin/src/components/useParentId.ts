import { useParams } from 'react-admin';

/** The parent record id of a nested route (`:parent_id`), as a number when it is one. */
export function useParentId(): number | string | undefined {
  const { parent_id } = useParams();
  if (parent_id === undefined) return undefined;
  return /^\d+$/.test(parent_id) ? Number(parent_id) : parent_id;
}
