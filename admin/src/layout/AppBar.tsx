import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch.js';

function AppBarActions() {
  const translate = useTranslate();
  const logout = useLogout();
  const profile = translate('app.profile');
  const signOut = translate('app.sign_out');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LoadingIndicator />
      <LanguageSwitch />
      <Tooltip title={profile}>
        <IconButton color="inherit" component={Link} to="/users/profile" aria-label={profile}>
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={signOut}>
        <IconButton color="inherit" onClick={() => logout()} aria-label={signOut}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** App title, page title, language switch, profile link and sign-out. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar userMenu={false} toolbar={<AppBarActions />}>
      <Typography component="span" variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {translate('app.title')}
      </Typography>
      {/* One h1 per signed-in page: this title, set by the page's <Title>. Pages never render an h1 of their
          own (a visible heading in the page is an h2). Hidden while a page sets no title. */}
      <TitlePortal component="h1" sx={{ '&:empty': { display: 'none' } }} />
    </RaAppBar>
  );
}
