import type { ReactNode } from 'react';
import { AutocompleteInput, ReferenceInput, type ReferenceInputProps } from 'react-admin';

export interface LightReferenceInputProps {
  source: string;
  reference: string;
  label?: ReactNode;
  helperText?: ReactNode;
  filter?: ReferenceInputProps['filter'];
  sort?: ReferenceInputProps['sort'];
  queryOptions?: ReferenceInputProps['queryOptions'];
  defaultValue?: unknown;
  disabled?: boolean;
}

/**
 * A select over another resource using the API's `light=1` lists ({ id, name }). `filter` may include
 * `scope` (locations) and the resource's list filters.
 */
export function LightReferenceInput({ label, helperText, defaultValue, disabled, queryOptions, ...props }: LightReferenceInputProps) {
  return (
    <ReferenceInput perPage={50} {...props} queryOptions={{ ...queryOptions, meta: { ...queryOptions?.meta, light: true } }}>
      <AutocompleteInput
        optionText="name"
        label={label}
        helperText={helperText}
        defaultValue={defaultValue}
        disabled={disabled}
        filterToQuery={(search) => ({ search })}
      />
    </ReferenceInput>
  );
}
