import type { ReactElement } from 'react';
import { ListItemIcon, MenuItem, MenuList, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, useSidebarState, useTranslate } from 'react-admin';
import { Link, useMatch } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ListAltIcon from '@mui/icons-material/ListAlt';
import CampaignIcon from '@mui/icons-material/Campaign';
import PlaceIcon from '@mui/icons-material/Place';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import StorefrontIcon from '@mui/icons-material/Storefront';
import PeopleIcon from '@mui/icons-material/People';
import TuneIcon from '@mui/icons-material/Tune';
import StoreIcon from '@mui/icons-material/Store';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import LockIcon from '@mui/icons-material/Lock';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { MENU, canAccessRoute } from '../../../core/permissions.js';
import { useCurrentUser } from './useCurrentUser.js';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  shipments: <LocalShippingIcon />,
  manifests: <ListAltIcon />,
  batches: <CampaignIcon />,
  locations: <PlaceIcon />,
  location_groups: <WorkspacesIcon />,
  merchants: <StorefrontIcon />,
  users: <PeopleIcon />,
  merchants_preferences: <TuneIcon />,
  pudo: <StoreIcon />,
  warehouse: <WarehouseIcon />,
  lockers: <LockIcon />,
  driver: <DirectionsCarIcon />,
  messages: <MailOutlineIcon />,
};

/** Menu entries the user may open (role and merchant features), in the core MENU order. */
export function visibleMenu(user: { role: number; features: number } | null | undefined) {
  return user ? MENU.filter((entry) => canAccessRoute(user, entry.route)) : [];
}

/**
 * One menu entry: a link styled as react-admin's menu item (icon, label, the current section in the primary
 * text colour). On a phone it closes the menu drawer; with the menu folded to icons, the label is its tooltip.
 */
function MenuEntry({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const active = Boolean(useMatch({ path: to, end: to === '/' }));
  return (
    <MenuItem
      component={Link}
      to={to}
      tabIndex={0}
      title={open ? undefined : label}
      className={active ? 'RaMenuItemLink-active' : undefined}
      onClick={() => isSmall && setOpen(false)}
      sx={{ color: active ? 'text.primary' : 'text.secondary' }}
    >
      <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
    </MenuItem>
  );
}

/**
 * The side menu: entries the user may open, as react-admin's menu lays them out (full width open, icons only
 * folded). Own items rather than react-admin's <Menu>, whose items bring MUI's Tooltip and Popper (~12 kB gzip)
 * into every signed-in first screen (issue 11, docs/admin.md "First load").
 */
export function Menu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  const [open] = useSidebarState();
  return (
    <MenuList
      className={open ? 'RaMenu-open' : 'RaMenu-closed'}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-start',
        [theme.breakpoints.only('xs')]: { marginTop: 0 },
        transition: theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
        width: open ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
      })}
    >
      {visibleMenu(user).map((entry) => (
        <MenuEntry key={entry.key} to={entry.path} label={translate(`menu.${entry.key}`)} icon={ICONS[entry.key]} />
      ))}
    </MenuList>
  );
}
