/**
 * Which location the screen works at. The choice is remembered per screen in localStorage; a user with
 * a single location gets it chosen for them.
 */
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

export interface PickableLocation {
  id: number;
  name: string;
  class?: string;
}

const storageKey = (screen: string) => `lockerline.location.${screen}`;

function readRemembered(screen: string): number | null {
  try {
    const raw = localStorage.getItem(storageKey(screen));
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}

function remember(screen: string, id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(storageKey(screen));
    else localStorage.setItem(storageKey(screen), String(id));
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/** The remembered location when it is still one of `locations`, else the only one, else none. */
export function useRememberedLocation(screen: string, locations: PickableLocation[] | undefined) {
  const [selected, setSelected] = useState<number | null>(() => readRemembered(screen));
  useEffect(() => {
    if (!locations) return;
    if (selected !== null && locations.some((l) => l.id === selected)) return;
    setSelected(locations.length === 1 ? locations[0].id : null);
  }, [locations, selected]);
  const choose = (id: number | null) => {
    remember(screen, id);
    setSelected(id);
  };
  return [selected, choose] as const;
}

export function LocationPicker({
  locations,
  value,
  onChange,
  label,
}: {
  locations: PickableLocation[];
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label ?? translate('screens.select_location')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      helperText={value === null ? translate('screens.ops.location.required') : undefined}
      slotProps={{ htmlInput: { 'data-testid': 'location-picker' } }}
    >
      {locations.map((location) => (
        <MenuItem key={location.id} value={location.id}>
          {location.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
