/** react-admin's stock pages that AdminShell loads on demand (one small chunk). */
export { AccessDenied, AuthCallback, AuthenticationError, NotFound } from 'react-admin';
