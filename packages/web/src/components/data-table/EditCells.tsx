import Checkbox from '@mui/material/Checkbox';
import {
  GridEditDateCell,
  GridEditInputCell,
  GridEditSingleSelectCell,
  type GridRenderEditCellParams,
  useGridApiContext,
} from '@mui/x-data-grid';
import type { AttributeDef } from '@parkhere/contract';
import type { ReactNode } from 'react';
import type { Row } from '../../api/model.ts';

/*
 * A row's editors, each named by its column: the grid's own leave their inputs unnamed (a screen reader hears
 * "edit text", axe finds label violations), so each gets its column's header as its accessible name.
 */

type Params = GridRenderEditCellParams<Row>;

/** The column's header, the editor's name. */
export const editorName = (params: Params): string => String(params.colDef.headerName ?? params.field);

/** The text, number, date and time editors' input, named. */
const namedInput = (params: Params) => ({
  root: { slotProps: { htmlInput: { 'aria-label': editorName(params) } } },
});

/** A relation's or an enumeration's choice, its combobox named. */
export const NamedSelectCell = (params: Params) => (
  <GridEditSingleSelectCell
    {...params}
    material={{ SelectDisplayProps: { 'aria-label': editorName(params) } }}
  />
);

/**
 * A checkbox for a boolean: the grid's own wraps its checkbox in an empty label, which names nothing and takes
 * no name from outside.
 */
function BooleanEditCell(params: Params) {
  const apiRef = useGridApiContext();
  return (
    <Checkbox
      size="small"
      checked={Boolean(params.value)}
      autoFocus={params.hasFocus}
      slotProps={{ input: { 'aria-label': editorName(params) } }}
      onChange={(event) =>
        apiRef.current.setEditCellValue({ id: params.id, field: params.field, value: event.target.checked })
      }
    />
  );
}

export function editCell(attribute: AttributeDef, params: Params): ReactNode {
  switch (attribute.type) {
    case 'boolean':
      return <BooleanEditCell {...params} />;
    case 'enumeration':
      return <NamedSelectCell {...params} />;
    case 'date':
    case 'timestamp':
      return <GridEditDateCell {...params} slotProps={namedInput(params)} />;
    case 'integer':
    case 'string':
    case 'time':
    case 'binary':
      return <GridEditInputCell {...params} slotProps={namedInput(params)} />;
  }
}
