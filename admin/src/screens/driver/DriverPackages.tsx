/**
 * The driver's packages as this device knows them (GET /api/scans/known, kept in IndexedDB for offline scanning):
 * to pick up or on board, the most recently changed first. Kept up to date by live changes while online
 * (offline/useScanQueue.ts), so a package assigned elsewhere appears and one gone elsewhere leaves within seconds;
 * folded by default, so the scan field stays first, and left as the driver set it when the list refreshes.
 */
import { useState } from 'react';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useStatusLabel } from '../../components/StatusField.js';
import type { KnownPackage } from '../../offline/types.js';

const LISTED = 50;

export function DriverPackages({ packages }: { packages: KnownPackage[] }) {
  const translate = useTranslate();
  const status = useStatusLabel('packages');
  // The rows are rendered once the driver unfolds the list: up to 50 of them, folded, were part of the screen's
  // first commit on a phone (Lighthouse's blocking time) for nothing anyone could see.
  const [open, setOpen] = useState(false);
  return (
    // A native disclosure (keyboard and screen readers for free, no script: the driver's first load is on a budget).
    <Box
      component="details"
      data-testid="driver-packages"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}
    >
      <Typography component="summary" variant="subtitle1" sx={{ cursor: 'pointer', minHeight: 32, display: 'list-item' }}>
        {translate('screens.driver.packages.title', { smart_count: packages.length })}
      </Typography>
      {open && (
        <Box sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(packages.length ? 'screens.driver.packages.hint' : 'screens.driver.packages.empty')}
          </Typography>
          <List dense>
            {packages.slice(0, LISTED).map((pkg) => (
              <ListItem key={pkg.id} disableGutters data-barcode={pkg.barcode}>
                <ListItemText
                  primary={`${pkg.barcode} — ${status(pkg.status)}`}
                  secondary={[pkg.shipment_name, pkg.location_name].filter(Boolean).join(' · ') || undefined}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
          {packages.length > LISTED && (
            <Typography variant="body2" color="text.secondary">
              {translate('screens.driver.packages.more', { smart_count: packages.length - LISTED })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
