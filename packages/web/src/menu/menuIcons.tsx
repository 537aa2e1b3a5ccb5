import type SvgIcon from '@mui/material/SvgIcon';
import {
  BarChartIcon,
  BeachAccessIcon,
  CasinoIcon,
  CircleIcon,
  EventAvailableIcon,
  GarageIcon,
  GroupsIcon,
  HistoryIcon,
  ListAltIcon,
  LocalParkingIcon,
  ManageAccountsIcon,
  PeopleIcon,
  PersonIcon,
  SettingsIcon,
  SyncProblemIcon,
  TuneIcon,
  UploadFileIcon,
} from '../icons/icons.tsx';
import type { MenuIconName } from '../screens/screens.ts';

/**
 * The icons menu entries may name, by their Material Icons names; a customizer naming another icon gets the
 * neutral bullet.
 */
const icons = {
  BarChart: BarChartIcon,
  BeachAccess: BeachAccessIcon,
  Casino: CasinoIcon,
  EventAvailable: EventAvailableIcon,
  Garage: GarageIcon,
  Groups: GroupsIcon,
  History: HistoryIcon,
  ListAlt: ListAltIcon,
  LocalParking: LocalParkingIcon,
  ManageAccounts: ManageAccountsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  Settings: SettingsIcon,
  SyncProblem: SyncProblemIcon,
  Tune: TuneIcon,
  UploadFile: UploadFileIcon,
} satisfies Record<MenuIconName, typeof SvgIcon>;

const byName: Readonly<Record<string, typeof SvgIcon>> = icons;

export function MenuIcon({ name, fontSize = 'medium' }: { name?: string; fontSize?: 'small' | 'medium' }) {
  const Icon = (name && byName[name]) || CircleIcon;
  return <Icon fontSize={name && byName[name] ? fontSize : 'small'} />;
}
