/** react-admin's stock pages and snackbar that AdminShell loads on demand (one small chunk). */
export { AccessDenied, AuthCallback, AuthenticationError, Error, NotFound, Notification } from 'react-admin';
