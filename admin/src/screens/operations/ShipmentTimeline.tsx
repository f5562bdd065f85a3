/**
 * The shipment's progress as an ordered list of steps with the time each was reached; the current step is
 * highlighted and marked aria-current="step", so screen readers announce where the shipment is.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { HistoryEvent } from '../../components/EventHistory.js';
import { useStatusLabel } from '../../components/StatusField.js';
import { timelineSteps } from './timeline.js';

const ICONS = { done: CheckCircleIcon, current: RadioButtonCheckedIcon, todo: RadioButtonUncheckedIcon };

export function ShipmentTimeline() {
  const record = useRecordContext();
  const translate = useTranslate();
  const label = useStatusLabel('shipments');
  const [locale] = useLocaleState();
  if (!record) return null;
  const events = Array.isArray(record.events) ? (record.events as HistoryEvent[]) : [];
  const steps = timelineSteps(Number(record.status), events);
  return (
    <Box
      component="ol"
      aria-label={translate('operations.timeline.title')}
      data-testid="shipment-timeline"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {steps.map((step) => {
        const Icon = ICONS[step.state];
        const current = step.state === 'current';
        return (
          <Box
            component="li"
            key={step.status}
            aria-current={current ? 'step' : undefined}
            sx={{
              display: 'flex', alignItems: 'flex-start', gap: 0.75, px: 1.25, py: 0.75, minWidth: 140, borderRadius: 1,
              border: 1, borderColor: current ? 'primary.main' : 'divider', bgcolor: current ? 'action.selected' : 'transparent',
            }}
          >
            <Icon fontSize="small" color={step.state === 'todo' ? 'disabled' : 'primary'} aria-hidden sx={{ mt: 0.25 }} />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: current ? 700 : 500 }}>
                {label(step.status)}
                {current && <Box component="span" sx={visuallyHidden}>{` (${translate('operations.timeline.current')})`}</Box>}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {step.at ? new Date(step.at).toLocaleString(locale) : translate('operations.timeline.not_yet')}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Screen-reader only. Sizes in px strings: in `sx` a bare 1 means 100 %, which stretched the page sideways. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
