import { AppBar as MuiAppBar, Box, CircularProgress, IconButton, Slide, Toolbar, Typography, useMediaQuery, useScrollTrigger, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { TitlePortal, useLoading, useLogout, useRefresh, useSidebarState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LiveIndicator } from '../live/LiveIndicator.js';

/*
 * The app bar is built here from MUI parts, not with react-admin's <AppBar>: that one (its menu toggle, user
 * menu, loading indicator) brings MUI's Tooltip and Popper (~12 kB gzip) into every signed-in first screen
 * (issue 11, docs/admin.md "First load"). Icon buttons are named by aria-label and show it as a native tooltip.
 */

/** react-admin's loading indicator: a spinner while data loads, else a button that reloads the page's data. */
function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  const refresh = useRefresh();
  const label = translate('ra.action.refresh');
  if (loading) return <CircularProgress color="inherit" size={18} thickness={5} sx={{ m: 1.5 }} aria-label={label} />;
  return (
    <IconButton color="inherit" onClick={() => refresh()} aria-label={label} title={label}>
      <RefreshIcon />
    </IconButton>
  );
}

function AppBarActions() {
  const translate = useTranslate();
  const logout = useLogout();
  const profile = translate('app.profile');
  const signOut = translate('app.sign_out');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LiveIndicator />
      <LoadingIndicator />
      <LanguageSwitch />
      <IconButton color="inherit" component={Link} to="/users/profile" aria-label={profile} title={profile}>
        <AccountCircleIcon />
      </IconButton>
      <IconButton color="inherit" onClick={() => logout()} aria-label={signOut} title={signOut}>
        <LogoutIcon />
      </IconButton>
    </Box>
  );
}

/** Menu toggle, app title, page title, loading indicator, language switch, profile link and sign-out. */
export function AppBar() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // As react-admin's: the bar slides away while the page scrolls down, and back when it scrolls up.
  const scrolledDown = useScrollTrigger();
  const toggle = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <Slide appear={false} direction="down" in={!scrolledDown}>
      <MuiAppBar
        color="secondary"
        className="RaAppBar-appBar"
        // The page title does not fit beside the app title and the actions on a phone (below sm).
        sx={{ '@media (max-width: 599.95px)': { '& #react-admin-title': { display: 'none' } } }}
      >
        <Toolbar
          disableGutters
          variant={isXSmall ? 'regular' : 'dense'}
          sx={(theme) => ({ px: 1, [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) } })}
        >
          <IconButton color="inherit" onClick={() => setOpen(!open)} aria-label={toggle} title={toggle} sx={{ mr: '0.2em' }}>
            <MenuIcon />
          </IconButton>
          <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
            {translate('app.title')}
          </Typography>
          {/* One h1 per signed-in page: this title, set by the page's <Title>. Pages never render an h1 of their
              own (a visible heading in the page is an h2). Hidden while a page sets no title. */}
          <TitlePortal component="h1" sx={{ '&:empty': { display: 'none' } }} />
          <AppBarActions />
        </Toolbar>
      </MuiAppBar>
    </Slide>
  );
}
