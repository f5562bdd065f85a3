import { Chip, Stack } from '@mui/material';

/**
 * Names shown as chips on a record page (features, channels, notification events). A chip keeps to its column and
 * wraps a long name onto a second line: on a 390 px phone "Tarjetas de crédito en campañas" ran over the next
 * column and "Paquete disponible en un punto PUDO" past the card's edge.
 */
export function ChipList({ labels }: { labels: { key: string; label: string }[] }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
      {labels.map(({ key, label }) => (
        <Chip key={key} size="small" label={label} sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 } }} />
      ))}
    </Stack>
  );
}
