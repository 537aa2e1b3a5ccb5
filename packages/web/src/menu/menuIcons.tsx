import BarChart from '@mui/icons-material/BarChart';
import BeachAccess from '@mui/icons-material/BeachAccess';
import Casino from '@mui/icons-material/Casino';
import Circle from '@mui/icons-material/Circle';
import EventAvailable from '@mui/icons-material/EventAvailable';
import Garage from '@mui/icons-material/Garage';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalParking from '@mui/icons-material/LocalParking';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import Settings from '@mui/icons-material/Settings';
import SyncProblem from '@mui/icons-material/SyncProblem';
import Tune from '@mui/icons-material/Tune';
import UploadFile from '@mui/icons-material/UploadFile';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MenuIconName } from '../screens/screens.ts';

/**
 * The icons menu entries may name. Importing the whole icon set would put thousands of icons in the
 * bundle, so a customizer naming another icon gets the neutral bullet.
 */
const icons = {
  BarChart,
  BeachAccess,
  Casino,
  EventAvailable,
  Garage,
  Groups,
  History,
  ListAlt,
  LocalParking,
  ManageAccounts,
  People,
  Person,
  Settings,
  SyncProblem,
  Tune,
  UploadFile,
} satisfies Record<MenuIconName, typeof SvgIcon>;

const byName: Readonly<Record<string, typeof SvgIcon>> = icons;

export function MenuIcon({ name, fontSize = 'medium' }: { name?: string; fontSize?: 'small' | 'medium' }) {
  const Icon = (name && byName[name]) || Circle;
  return <Icon fontSize={name && byName[name] ? fontSize : 'small'} />;
}
