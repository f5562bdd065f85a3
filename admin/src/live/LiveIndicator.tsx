/**
 * The app bar's "live" indicator: a dot and "Live" while the stream is open, "Reconnecting…" while it is not
 * A status region, so a screen reader hears when live updates pause or resume. Below 600 px (the app bar is full
 * there) it is only read, not shown.
 */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLiveStatus } from './useLive.js';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function LiveIndicator() {
  const translate = useTranslate();
  const status = useLiveStatus();
  if (status === 'off') return null;
  const live = status === 'live';
  const hint = translate(live ? 'live.on_hint' : 'live.connecting_hint');
  return (
    <Box
      role="status"
      title={hint}
      aria-label={hint}
      data-testid="live-indicator"
      data-live={live ? 'on' : 'connecting'}
      sx={(theme) => ({ display: 'flex', alignItems: 'center', gap: 0.75, px: 0.5, [theme.breakpoints.down('sm')]: VISUALLY_HIDDEN })}
    >
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          border: '2px solid currentColor',
          bgcolor: live ? 'currentColor' : 'transparent',
          '@media (prefers-reduced-motion: no-preference)': live ? {} : { animation: 'live-blink 1.2s ease-in-out infinite' },
          '@keyframes live-blink': { '50%': { opacity: 0.3 } },
        }}
      />
      <Typography variant="body2" component="span" aria-hidden sx={{ fontWeight: 500 }}>
        {translate(live ? 'live.on' : 'live.connecting')}
      </Typography>
    </Box>
  );
}
