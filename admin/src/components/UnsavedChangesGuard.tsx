import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId } from 'react';
import { useFormState } from 'react-hook-form';
import { useBlocker, useCanBlock, useTranslate } from 'react-admin';

/**
 * Unsaved-changes prompt (SPEC section 2): when the form is dirty and the user navigates away, a dialog
 * offers "Discard" or "Continue editing". In-app navigation needs a data router (react-admin's default
 * router or createBrowserRouter); without one only the browser's own unload prompt protects the form.
 * Use it inside a react-admin form, with `warnWhenUnsavedChanges` off (it would show window.confirm too).
 */
export function UnsavedChangesGuard() {
  const canBlock = useCanBlock();
  const { isDirty, isSubmitSuccessful, isSubmitting } = useFormState();
  const active = isDirty && !isSubmitSuccessful && !isSubmitting;
  useBeforeUnload(active);
  return canBlock ? <BlockingDialog active={active} /> : null;
}

function useBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const handler = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [active]);
}

function BlockingDialog({ active }: { active: boolean }) {
  const translate = useTranslate();
  const titleId = useId();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  // A save that redirects makes the form clean during the blocked navigation: let it through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !active) blocker.proceed?.();
  }, [blocker, active]);
  if (blocker.state !== 'blocked' || !active) return null;
  return (
    <Dialog open onClose={() => blocker.reset?.()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('unsaved.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.proceed?.()} color="error">
          {translate('unsaved.discard')}
        </Button>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          {translate('unsaved.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
