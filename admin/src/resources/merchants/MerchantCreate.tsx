import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { Create, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorsInDialog } from '../../components/CrudScreens.js';
import { useNotifyDone } from '../../components/successNotice.js';
import { MerchantForm } from './MerchantForm.js';

/** The new merchant's secret is in the create response only: show it once, then go to the detail page. */
function SecretDialog({ merchant, onClose }: { merchant: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const label = translate('resources.merchants.fields.secret');
  return (
    <Dialog open onClose={onClose} aria-labelledby="merchant-secret-title" fullWidth>
      <DialogTitle id="merchant-secret-title">{label}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('resources.merchants.secret_once')}</DialogContentText>
        <TextField
          value={merchant.secret ?? ''}
          label={label}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'merchant-secret' } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MerchantCreate() {
  const navigate = useNavigate();
  const [created, setCreated] = useState<RaRecord | null>(null);
  const notifyDone = useNotifyDone('merchants');
  return (
    <>
      <Create redirect={false} mutationOptions={{ ...errorsInDialog, onSuccess: (record: RaRecord) => { notifyDone('created', record); setCreated(record); } }}>
        <MerchantForm mode="create" />
      </Create>
      {created && <SecretDialog merchant={created} onClose={() => navigate(`/merchants/${created.id}`)} />}
    </>
  );
}
