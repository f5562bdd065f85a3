import type { ReactElement } from 'react';
import { Menu as RaMenu, useTranslate } from 'react-admin';
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

export function Menu() {
  const translate = useTranslate();
  const user = useCurrentUser();
  return (
    <RaMenu>
      {visibleMenu(user).map((entry) => (
        <RaMenu.Item
          key={entry.key}
          to={entry.path}
          primaryText={translate(`menu.${entry.key}`)}
          leftIcon={ICONS[entry.key]}
        />
      ))}
    </RaMenu>
  );
}
