import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS, huHU } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

type DisplayedRows = { from: number; to: number; count: number };

/**
 * The grids' texts in the interface language. MUI's Hungarian pack leaves the paging line untranslated
 * ("1–10 of 12"), so it comes from our translations: "1–10 / 12". The ⋮ button's name is ours too.
 */
export function useGridLocaleText(noRowsLabel: string): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation('application');
  const pack = (i18n.language === 'hu-HU' ? huHU : enUS).components.MuiDataGrid.defaultProps.localeText;
  return {
    ...pack,
    noRowsLabel,
    // The same name as the cards' ⋮ button on a phone (MUI's own is "more").
    actionsCellMore: t('dataTable.moreActions'),
    paginationDisplayedRows: ({ from, to, count }: DisplayedRows) =>
      count === -1 || count === undefined
        ? t('dataTable.displayedRowsMore', { from, to })
        : t('dataTable.displayedRows', { from, to, count }),
  };
}
