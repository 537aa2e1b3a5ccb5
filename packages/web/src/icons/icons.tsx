/**
 * The Material Icons the app shows, as SVG icon components. Their paths are copied from @mui/icons-material 9.5.0
 * (https://github.com/mui/material-ui/tree/master/packages/mui-icons-material), which converts Google's Material
 * Icons (https://fonts.google.com/icons, Apache License 2.0, https://www.apache.org/licenses/LICENSE-2.0): that
 * package is 174 MB and 43,000 files, most of every install's time, for the few dozen icons here. To add one,
 * copy its elements from the package's <Name>.js into material-icons.json.
 *
 * @mui/icons-material: MIT License, Copyright (c) 2014 Call-Em-All.
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
 * documentation files (the "Software"), to deal in the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and
 * to permit persons to whom the Software is furnished to do so, subject to the following conditions:
 * The above copyright notice and this permission notice shall be included in all copies or substantial portions
 * of the Software.
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
 * TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL
 * THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */
import { createSvgIcon } from '@mui/material/utils';
import shapes from './material-icons.json';

/** An icon's elements: a path's `d`, or a circle. */
type Shape = string | { cx: number; cy: number; r: number };

function icon(name: keyof typeof shapes) {
  const elements = (shapes[name] as readonly Shape[]).map((shape) =>
    typeof shape === 'string' ? (
      <path key={shape} d={shape} />
    ) : (
      <circle key={`${shape.cx} ${shape.cy} ${shape.r}`} {...shape} />
    ),
  );
  return createSvgIcon(elements, name);
}

export const AddIcon = icon('Add');
export const ArchiveOutlinedIcon = icon('ArchiveOutlined');
export const BarChartIcon = icon('BarChart');
export const BeachAccessIcon = icon('BeachAccess');
export const BlockOutlinedIcon = icon('BlockOutlined');
export const CancelOutlinedIcon = icon('CancelOutlined');
export const CasinoIcon = icon('Casino');
export const CasinoOutlinedIcon = icon('CasinoOutlined');
export const CheckIcon = icon('Check');
export const ChevronLeftIcon = icon('ChevronLeft');
export const ChevronRightIcon = icon('ChevronRight');
export const CircleIcon = icon('Circle');
export const CloseIcon = icon('Close');
export const ContentCopyOutlinedIcon = icon('ContentCopyOutlined');
export const DarkModeIcon = icon('DarkMode');
export const DeleteForeverOutlinedIcon = icon('DeleteForeverOutlined');
export const DeleteOutlinedIcon = icon('DeleteOutlined');
export const DownloadIcon = icon('Download');
export const DownloadOutlinedIcon = icon('DownloadOutlined');
export const EditOutlinedIcon = icon('EditOutlined');
export const EventAvailableIcon = icon('EventAvailable');
export const ExpandLessIcon = icon('ExpandLess');
export const ExpandMoreIcon = icon('ExpandMore');
export const FileDownloadOutlinedIcon = icon('FileDownloadOutlined');
export const FilterListIcon = icon('FilterList');
export const GarageIcon = icon('Garage');
export const GarageOutlinedIcon = icon('GarageOutlined');
export const GroupsIcon = icon('Groups');
export const HistoryIcon = icon('History');
export const HourglassEmptyOutlinedIcon = icon('HourglassEmptyOutlined');
export const HowToRegOutlinedIcon = icon('HowToRegOutlined');
export const LightModeIcon = icon('LightMode');
export const ListAltIcon = icon('ListAlt');
export const LocalParkingIcon = icon('LocalParking');
export const LogoutIcon = icon('Logout');
export const ManageAccountsIcon = icon('ManageAccounts');
export const MenuIcon = icon('Menu');
export const MenuOpenIcon = icon('MenuOpen');
export const MoreHorizIcon = icon('MoreHoriz');
export const MoreVertIcon = icon('MoreVert');
export const OpenInNewIcon = icon('OpenInNew');
export const PeopleIcon = icon('People');
export const PersonIcon = icon('Person');
export const PersonOutlinedIcon = icon('PersonOutlined');
export const PrintOutlinedIcon = icon('PrintOutlined');
export const RefreshIcon = icon('Refresh');
export const ReplayIcon = icon('Replay');
export const SaveOutlinedIcon = icon('SaveOutlined');
export const SettingsIcon = icon('Settings');
export const SettingsSuggestIcon = icon('SettingsSuggest');
export const StarBorderIcon = icon('StarBorder');
export const SyncProblemIcon = icon('SyncProblem');
export const TranslateIcon = icon('Translate');
export const TuneIcon = icon('Tune');
export const UnarchiveOutlinedIcon = icon('UnarchiveOutlined');
export const UploadFileIcon = icon('UploadFile');
export const VisibilityOutlinedIcon = icon('VisibilityOutlined');
