import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { AddIcon, FilterListIcon, RefreshIcon } from '../../icons/icons.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import type { FilterEntry } from './filterModel.ts';
import type { DataTableController } from './useDataTable.ts';

/** The title, refresh, export, filters and add buttons of a table, and the chips of its active filters. */
export function DataTableToolbar({
  table,
  title,
  canAdd,
  header,
}: {
  table: DataTableController;
  title: string | undefined;
  canAdd: boolean;
  header(field: string): string;
}) {
  const { t } = useTranslation('application');
  const filters = table.state.filters;
  const filterLabel = (entry: FilterEntry): string => {
    const valueText = entry.value === '' ? '' : ` ${entry.value}`;
    return `${header(entry.attribute)} ${t(`dataTable.operator.${entry.operator}`)}${valueText}`;
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {title !== undefined && <PageTitle sx={{ flexGrow: 1 }}>{title}</PageTitle>}
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Tooltip title={t('dataTable.refresh')}>
            <IconButton aria-label={t('dataTable.refresh')} onClick={table.refresh}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <ExportMenu exportAs={table.exportAs} />
          <Button
            variant="outlined"
            onClick={table.filterDialog.show}
            startIcon={
              <Badge badgeContent={filters.length} color="primary">
                <FilterListIcon />
              </Badge>
            }
          >
            {t('dataTable.filters')}
          </Button>
          {canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => void table.addRow()}>
              {t('dataTable.add')}
            </Button>
          )}
        </Box>
      </Box>
      {filters.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={t('dataTable.activeFilters')}>
          {filters.map((entry) => (
            <Chip
              key={entry.id}
              size="small"
              label={filterLabel(entry)}
              onClick={table.filterDialog.show}
              onDelete={() => table.removeFilter(entry.id)}
            />
          ))}
        </Box>
      )}
    </>
  );
}
