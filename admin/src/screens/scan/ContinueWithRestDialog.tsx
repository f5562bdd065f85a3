/**
 * Bulk actions ask GET /api/user/can/:action/package first; when only some packages qualify, this says
 * which cannot (and why) and asks whether to go on with the rest.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CanResult } from '../shared/operationsApi.js';

export interface ContinueWithRestProps {
  verdict: CanResult | null;
  /** How to name a package in the list of refusals (e.g. its barcode). */
  nameOf: (id: number) => string;
  onContinue: () => void;
  onCancel: () => void;
}

export function ContinueWithRestDialog({ verdict, nameOf, onContinue, onCancel }: ContinueWithRestProps) {
  const translate = useTranslate();
  if (!verdict) return null;
  const total = verdict.can.length + verdict.cannot.length;
  return (
    <Dialog open onClose={onCancel} fullWidth aria-labelledby="partial-title" aria-describedby="partial-text">
      <DialogTitle id="partial-title">{translate('screens.ops.bulk.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="partial-text">
          {translate('screens.ops.bulk.partial', { can: verdict.can.length, total })}
        </DialogContentText>
        <List dense>
          {verdict.cannot.map((id) => {
            const reason = verdict.reasons[String(id)];
            return (
              <ListItem key={id} disableGutters>
                <ListItemText primary={nameOf(id)} secondary={translate(`errors.${reason}`, { _: reason })} />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={onContinue} disabled={verdict.can.length === 0}>
          {translate('screens.ops.bulk.continue', { smart_count: verdict.can.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
