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
      {/* The page's title is its h1 (record pages have no other); hidden while a page sets none. */}
      <TitlePortal component="h1" sx={{ '&:empty': { display: 'none' } }} />
    </RaAppBar>
  );
}
