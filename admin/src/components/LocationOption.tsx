import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { LightReferenceInput, type LightReferenceInputProps } from './LightReferenceInput.js';

/** A location as the API's light list serves it (api/resources/locations: light.extra). */
export interface LightLocation {
  id: number;
  name: string;
  class?: string;
  locality?: string | null;
  street?: string | null;
}

/** "PUDO point · Nassau · Bay Street 12": what tells two drop-off points apart, under the name. */
export function locationDetails(location: LightLocation, translate: (key: string, options?: object) => string): string {
  const kind = location.class ? translate(`location_classes.${location.class}`, { _: location.class }) : null;
  return [kind, location.locality, location.street].filter(Boolean).join(' · ');
}

/** One choice of a location picker: the name, then class, town and address on a second line. */
export function LocationOption() {
  const record = useRecordContext<LightLocation>();
  const translate = useTranslate();
  if (!record) return null;
  const details = locationDetails(record, translate);
  return (
    <Box data-testid="location-option">
      <Typography component="div">{record.name}</Typography>
      {details && (
        <Typography component="div" variant="body2" color="text.secondary">
          {details}
        </Typography>
      )}
    </Box>
  );
}

/** A location picker whose choices show class, town and address with the name. */
export function LocationReferenceInput(props: Omit<LightReferenceInputProps, 'reference' | 'option'>) {
  return <LightReferenceInput {...props} reference="locations" option={<LocationOption />} />;
}
