/**
 * When the server last refused a form's fields in the error dialog (a 422 with `errors`, not suppressed): react-admin
 * then also queues "The form is not valid" for the same submit, a third telling beside the fields and the dialog, and
 * the layout drops it (layout/AdminShell.tsx). A form's own checks still get the snackbar (no request was sent).
 */
import { subscribeHttpErrors } from './bus.js';

/** How long after the dialog react-admin's notice counts as the same submit's. */
export const SAME_SUBMIT_MS = 3_000;
let shownAt = Number.NEGATIVE_INFINITY;

subscribeHttpErrors((event) => {
  if (event.status === 422 && event.errors && Object.keys(event.errors).length > 0) shownAt = performance.now();
});

export const INVALID_FORM_NOTICE = 'ra.message.invalid_form';

/** Whether a queued notification only repeats what the error dialog and the fields say now. */
export const repeatsFieldRefusal = (message: unknown, now = performance.now()): boolean =>
  message === INVALID_FORM_NOTICE && now - shownAt <= SAME_SUBMIT_MS;
