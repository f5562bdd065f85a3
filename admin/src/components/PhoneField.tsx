import { FunctionField, type FunctionFieldProps } from 'react-admin';
import { formatPhoneForDisplay } from '../../../core/phone.js';

/** A stored (E.164) phone number shown in international format ('+1 242-357-5555'), read against the record's country. */
export function PhoneField({ source, ...props }: Omit<FunctionFieldProps, 'render'> & { source: string }) {
  return (
    <FunctionField
      source={source}
      {...props}
      render={(record: Record<string, unknown>) => {
        const text = formatPhoneForDisplay(record?.[source], record?.country);
        return text ? <a href={`tel:${String(record[source]).replace(/[^\d+]/g, '')}`}>{text}</a> : '';
      }}
    />
  );
}
