/**
 * The admin's MUI theme: react-admin's light theme with a darker palette so that every text/background
 * pair (white on the app bar and on buttons, coloured labels and chips on white, grey toolbars and the
 * page background) reaches WCAG AA 4.5:1. (On phones the app bar keeps only the app title: layout/AppBar.tsx.)
 */
import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { PALETTE } from './palette.js';

export { PALETTE };

/** Lighter than react-admin's grey[300], so red and blue buttons on form toolbars stay readable. */
export const TOOLBAR_BACKGROUND = '#f5f5f5';

type CheckboxOwner = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/**
 * react-admin's datagrid row checkbox puts its aria-label on the Checkbox root (a span, where ARIA forbids
 * it), leaving the input unlabelled: move the label to the input, keeping any inputProps the caller gave.
 */
export const LABEL_ON_INPUT = {
  input: (owner: CheckboxOwner) => ({ ...owner.inputProps, 'aria-label': owner['aria-label'] ?? owner.inputProps?.['aria-label'] }),
  root: (owner: CheckboxOwner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
};

export const theme: RaThemeOptions = deepmerge(defaultLightTheme, {
  palette: { ...PALETTE, contrastThreshold: 4.5 },
  components: {
    MuiCheckbox: { defaultProps: { slotProps: LABEL_ON_INPUT } },
    RaToolbar: { styleOverrides: { root: { backgroundColor: TOOLBAR_BACKGROUND } } },
    // The bulk bar over a list: its buttons wrap onto a second line rather than run past the edge (Spanish
    // labels at 1280 px), in sentence case like the rest of the bar, which also keeps them narrower.
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: {
          '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': { height: 'auto', flexWrap: 'wrap', rowGap: 4 },
          '& .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', flex: '1 1 auto', minWidth: 0 },
          '& .RaBulkActionsToolbar-topToolbar .MuiButton-root': { textTransform: 'none', whiteSpace: 'nowrap' },
        },
      },
    },
  },
});
