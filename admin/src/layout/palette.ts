/**
 * The admin's colours (layout/theme.ts builds the MUI theme on them; the guest pages' plain CSS uses them too,
 * guest/styles.ts), in a module of their own so that using them does not bring react-admin's theme.
 */
/** Each `main` reaches at least 4.5:1 against white, #fafafb and #f5f5f5 (and is used with white text). */
export const PALETTE = {
  primary: { main: '#0b57a4', contrastText: '#ffffff' },
  secondary: { main: '#0d47a1', contrastText: '#ffffff' },
  info: { main: '#01579b', contrastText: '#ffffff' },
  success: { main: '#1b5e20', contrastText: '#ffffff' },
  warning: { main: '#a84300', contrastText: '#ffffff' },
  error: { main: '#b71c1c', contrastText: '#ffffff' },
} as const;
