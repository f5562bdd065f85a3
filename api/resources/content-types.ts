/**
 * The merchant's content types as the rule for a record's `contents` (shipments, and batches whose converted
 * shipments take the batch's contents): core `contentTypeMatcher`, the importer's rule too.
 */
import { contentTypeMatcher } from '../../core/policies/shipments.policy.js';
import type { Row } from './module.js';
import type { Db } from './access.js';
import { merchantContentTypes } from './merchants/merchants.repository.js';
import { fieldError } from './validate.js';

/**
 * With the merchant's content feature, `values.contents` must be one of its content types and is rewritten as the
 * merchant spells it; else 422 on `contents` naming them. Callers ask it when `contents` is sent and changed, so an
 * edit of other fields keeps a type the merchant has since removed.
 */
export async function checkContents(db: Db, values: Row, merchantId: number): Promise<void> {
  if (typeof values.contents !== 'string' || values.contents === '') return;
  const types = await merchantContentTypes(db, merchantId);
  const match = contentTypeMatcher(types)(values.contents);
  if (match === undefined) fieldError('contents', 'validation.content_type', 'validation.failed', { types: (types ?? []).join(', ') });
  values.contents = match;
}
