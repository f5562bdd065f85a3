/** Superadmin only: the raw record (as the API sent it) and its events, plus the `process` verb when allowed. */
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useRecordContext, useTranslate } from 'react-admin';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import type { VerbResource } from './operationsClient.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, confirmKey, verbLabel } from './verbs.js';

const Json = ({ value, label }: { value: unknown; label: string }) => (
  <Box component="pre" tabIndex={0} aria-label={label}
    // Long values wrap: an unbroken line (a locker's terminal JSON) would otherwise widen the whole page.
    sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 360, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {JSON.stringify(value, null, 2)}
  </Box>
);

export function DebugPanel({ resource }: { resource: VerbResource }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const { role } = useActor();
  if (!record || !can({ role }, 'operations.debug')) return null;
  const { events, ...rest } = record;
  return (
    // Spans the detail page's grid (components/DetailSections.tsx) below the cards.
    <Accordion disableGutters sx={{ mt: 1, gridColumn: '1 / -1', minWidth: 0 }} data-testid="debug-panel">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{translate('operations.debug.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1}>
          {actionsOf(record).includes('process') && (
            <Box>
              <VerbButton resource={resource} id={Number(record.id)} verb="process" label={verbLabel('process')} confirm={confirmKey('process')} />
            </Box>
          )}
          <Typography variant="subtitle2">{translate('operations.debug.record')}</Typography>
          <Json value={rest} label={translate('operations.debug.record')} />
          <Typography variant="subtitle2">{translate('operations.debug.events')}</Typography>
          <Json value={events ?? []} label={translate('operations.debug.events')} />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
