/**
 * Package page parts: consolidation links (the container it went into, the
 * packages inside it) and the customer's identification photo for superadmin and support.
 */
import { Box, Chip, Link, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { DetailSection } from '../../components/DetailSections.js';
import { useStatusLabel } from '../../components/StatusField.js';
import { apiUrl } from '../../providers/http.js';
import { packagePath } from '../../resources/packages/paths.js';

interface LinkedPackage {
  id: number;
  barcode: string;
  status: number;
  shipment_id: number;
}

/** A linked package, under its own shipment (a consolidation may join packages of different shipments). */
function PackageLink({ pkg }: { pkg: LinkedPackage }) {
  const status = useStatusLabel('packages');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to={packagePath(pkg.shipment_id, pkg.id)}>{pkg.barcode}</Link>
      <Chip size="small" label={status(pkg.status)} />
    </Stack>
  );
}

/** consolidated_to / consolidations from the show payload; nothing when the package has neither. */
export function ConsolidationLinks() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const into = record.consolidated_to as LinkedPackage | null | undefined;
  const inside = Array.isArray(record.consolidations) ? (record.consolidations as LinkedPackage[]) : [];
  if (!into && inside.length === 0) return null;
  return (
    <Box data-testid="consolidation-links">
      {into && (
        <Labeled label="operations.package.consolidated_to">
          <PackageLink pkg={into} />
        </Labeled>
      )}
      {inside.length > 0 && (
        <Labeled label="operations.package.consolidations">
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('operations.package.consolidations')}>
            {inside.map((p) => (
              <li key={p.id}><PackageLink pkg={p} /></li>
            ))}
          </Stack>
        </Labeled>
      )}
    </Box>
  );
}

/**
 * The ID photo of a PUDO hand-over, fetched only when the record says there is one: the API sends
 * `has_identification_image` only to the roles that may see the photo (superadmin, support).
 */
export function IdentificationImage() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const id = record?.id;
  const exists = record?.has_identification_image === true;
  useEffect(() => {
    setUrl(null);
    if (!exists || id === undefined) return;
    let live = true;
    let objectUrl: string | null = null;
    // A plain fetch: a photo that cannot be loaded is simply not shown (no error dialog on a detail page).
    fetch(apiUrl(`packages/${id}/identification-image`), { credentials: 'include' })
      .then(async (res) => {
        if (!res.ok || !live) return;
        objectUrl = URL.createObjectURL(await res.blob());
        if (live) setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [exists, id]);
  if (!url) return null;
  return (
    <DetailSection title="operations.package.identification" block>
      <Box component="img" src={url} alt={translate('operations.package.identification_alt', { barcode: String(record?.barcode ?? '') })}
        sx={{ maxWidth: '100%', width: 360, maxHeight: 280, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }} />
    </DetailSection>
  );
}

