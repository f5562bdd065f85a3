import { TextField, type TextFieldProps } from 'react-admin';

/**
 * The name of a referenced record, as the API attaches it to the record itself (`dropoff_location_id` ->
 * `dropoff_location_name`, `merchant_id` -> `merchant_name`). Unlike a ReferenceField it needs no read
 * of the referenced resource, which a merchant user (locations) or customer support (merchants) may not
 * list: the name is readable wherever the record is. Labelled and ordered by `source`, like the id it names.
 */
export function NameField({ source, ...props }: Omit<TextFieldProps, 'source'> & { source: `${string}_id` }) {
  return <TextField {...props} source={`${source.slice(0, -3)}_name`} emptyText="—" />;
}

NameField.displayName = 'NameField';
