import type { ReactElement, ReactNode } from 'react';
import { AutocompleteInput, ReferenceInput, type AutocompleteInputProps, type ReferenceInputProps } from 'react-admin';

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
  /** Called with the chosen id when the user picks (or clears) a value. */
  onChange?: (value: unknown) => void;
  /** A richer option (rendered in the record's context); the input then shows `inputText` (default: the name). */
  option?: Extract<AutocompleteInputProps['optionText'], ReactElement>;
}

const nameOf = (record: { name?: string } | undefined) => record?.name ?? '';

/**
 * A select over another resource using the API's `light=1` lists ({ id, name }). `filter` may include
 * `scope` (locations) and the resource's list filters.
 */
export function LightReferenceInput({ label, helperText, defaultValue, disabled, queryOptions, onChange, option, ...props }: LightReferenceInputProps) {
  return (
    <ReferenceInput perPage={50} {...props} queryOptions={{ ...queryOptions, meta: { ...queryOptions?.meta, light: true } }}>
      <AutocompleteInput
        optionText={option ?? 'name'}
        inputText={option ? nameOf : undefined}
        label={label}
        helperText={helperText}
        defaultValue={defaultValue}
        disabled={disabled}
        onChange={onChange}
        filterToQuery={(search) => ({ search })}
      />
    </ReferenceInput>
  );
}
