import { joinLine, type PhoneRow } from '../../components/ResourceList.js';
import { StatusChipField } from '../../components/StatusField.js';

/** A batch's customer on a phone (its list, the batch page): the name, how they are reached and the item's status. */
export const BATCH_ITEM_PHONE_ROW: PhoneRow = {
  primary: (r) => [r.first_name, r.last_name].filter(Boolean).join(' '),
  secondary: (r) => joinLine(r.email, r.full_phone_number),
  tertiary: <StatusChipField source="status" table="batch_items" />,
};
