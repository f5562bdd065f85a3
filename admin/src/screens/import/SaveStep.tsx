/**
 * Step 3 of the shipment wizard: what the save created. Links to each created shipment (the first SHOWN
 * of them by reference), to the shipments list narrowed to the created ids, and to start again. The
 * result is kept in sessionStorage, so a reload shows the same summary.
 */
import { Alert, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { createdListPath } from './importKinds.js';
import { useWizardState } from './wizardState.js';

const SHOWN = 50;

export function SaveStep() {
  const translate = useTranslate();
  const { wizard, state, clear, stepPath } = useWizardState();
  const result = state.result;
  if (!result) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{translate('screens.import.save.nothing')}</Alert>
        <Stack direction="row" spacing={2}>
          {state.id && (
            <Button component={RouterLink} to={stepPath('preview', state.id)} variant="contained">
              {translate('screens.import.save.back_preview')}
            </Button>
          )}
          <Button component={RouterLink} to={stepPath('upload')} variant="outlined">
            {translate('screens.import.preview.go_upload')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  const { created, counts } = result;
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status" data-testid="import-done">
        {translate('screens.import.save.done', { shipments: created.length, packages: counts.packages })}
        {counts.invalid > 0 && <div>{translate('screens.import.save.skipped', { count: counts.invalid })}</div>}
      </Alert>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <Button component={RouterLink} to={createdListPath(wizard.listPath, created)} variant="contained" data-testid="import-created-list">
          {translate('screens.import.save.view_list')}
        </Button>
        <Button component={RouterLink} to={stepPath('upload')} onClick={clear} variant="outlined">
          {translate('screens.import.save.another')}
        </Button>
      </Stack>
      <CreatedShipments ids={created} />
    </Stack>
  );
}

function CreatedShipments({ ids }: { ids: number[] }) {
  const translate = useTranslate();
  const shown = ids.slice(0, SHOWN);
  const { data = [] } = useGetMany('shipments', { ids: shown });
  const byId = new Map(data.map((record) => [Number(record.id), record]));
  if (!ids.length) return null;
  return (
    <section aria-labelledby="import-created-heading">
      <Typography id="import-created-heading" variant="subtitle1" component="h3">
        {translate('screens.import.save.created_list')}
      </Typography>
      <List dense data-testid="import-created">
        {shown.map((id) => {
          const record = byId.get(id);
          const text = record ? [record.reference_id, record.external_reference_id].filter(Boolean).join(' · ') : `#${id}`;
          return (
            <ListItem key={id} disableGutters>
              <Link component={RouterLink} to={`/shipments/${id}`}>
                {text}
              </Link>
            </ListItem>
          );
        })}
      </List>
      {ids.length > SHOWN && <Typography variant="body2">{translate('screens.import.save.more', { count: ids.length - SHOWN })}</Typography>}
    </section>
  );
}
