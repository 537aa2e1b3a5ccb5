/**
 * The MUI data grid's part of a table, a module graph of its own: a table on a phone shows cards and never loads
 * it; on a wider screen the table page starts it together with the table's own code (LazyDataTable).
 */
export const loadDataTableGrid = () => import('./DataTableGrid.tsx');
