import type { GridSingleSelectColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../api/model.ts';
import { type ColumnContext, columnsOf, maskOf } from './columns.tsx';
import { parseWireDate, toWireDate, wireTimeLabel } from './wireValues.ts';

const context = (editing: boolean): ColumnContext<'ParkingSlotSettings'> => ({
  type: 'ParkingSlotSettings',
  header: (field) => `h:${field}`,
  enumLabel: (enumeration, value) => `${enumeration}.${value}`,
  cellError: () => undefined,
  relationOptions: () => [],
  booleanLabel: (value) => value,
  noneLabel: 'None',
  locale: 'en-US',
  editing,
});

describe('columns from the contract', () => {
  it('types each column by its attribute, sorts only filterable ones and edits only writable ones', () => {
    const columns = columnsOf(
      [{ field: 'aggregaredName' }, { field: 'floor' }, { field: 'isActive' }, { field: 'floorPlan' }],
      context(true),
    );
    expect(
      columns.map(({ field, type, sortable, editable }) => ({ field, type, sortable, editable })),
    ).toEqual([
      { field: 'aggregaredName', type: 'string', sortable: true, editable: false },
      { field: 'floor', type: 'number', sortable: true, editable: true },
      { field: 'isActive', type: 'boolean', sortable: true, editable: true },
      { field: 'floorPlan', type: 'string', sortable: false, editable: false },
    ]);
    expect(columns.every((column) => column.filterable === false)).toBe(true);
  });

  it('edits nothing when the table does not edit', () => {
    expect(columnsOf([{ field: 'floor' }], context(false))[0]?.editable).toBe(false);
  });

  it('shows a to-one relation by its label and skips unknown fields', () => {
    const columns = columnsOf(
      // @ts-expect-error a column that names no attribute of the type does not compile; at run time it is skipped
      [{ field: 'parkingGarage', relationLabel: 'name' }, { field: 'nope' }],
      context(true),
    );
    expect(columns.map(({ field, type, sortable }) => ({ field, type, sortable }))).toEqual([
      { field: 'parkingGarage', type: 'singleSelect', sortable: false },
    ]);
  });

  it('offers none first for a relation that may be unset, never for one that must be set', () => {
    const garage = { __identifier: 'g1', name: 'HQ Garage' };
    const owner = { __identifier: 'u1', email: 'owner@parkhere.example' };
    const withOptions: ColumnContext<'ParkingSlotSettings'> = {
      ...context(true),
      relationOptions: (field) => (field === 'assignedTo' ? [owner] : [garage]),
    };
    const columns = columnsOf(
      [{ field: 'assignedTo', relationLabel: 'email' }, { field: 'parkingGarage' }],
      withOptions,
    );
    const options = columns.map((column) => {
      const { valueOptions } = column as GridSingleSelectColDef<Row>;
      return typeof valueOptions === 'function' ? valueOptions({ field: column.field }) : valueOptions;
    });
    expect(options).toEqual([
      [
        { value: '', label: 'None' },
        { value: 'u1', label: 'owner@parkhere.example' },
      ],
      [{ value: 'g1', label: 'HQ Garage' }],
    ]);
    const row = { __identifier: 's1', assignedTo: owner };
    const setter = columns[0]?.valueSetter;
    expect(setter?.('', row, columns[0] as never, undefined as never)).toEqual({ ...row, assignedTo: null });
    expect(setter?.('u1', { ...row, assignedTo: null }, columns[0] as never, undefined as never)).toEqual(
      row,
    );
  });

  it('stores the candidate a server search picked, which the table never loaded', () => {
    const [column] = columnsOf(
      [{ field: 'assignedTo', relationLabel: 'email', searchOnServer: true }],
      context(true),
    );
    const stored = { __identifier: 'u1', email: 'owner@parkhere.example' };
    const picked = { __identifier: 'u2', __signedIdentifier: 'signed-u2', email: 'next@parkhere.example' };
    const row = { __identifier: 's1', assignedTo: stored };
    const setter = column?.valueSetter;
    expect(setter?.(picked as never, row, column as never, undefined as never)).toEqual({
      ...row,
      assignedTo: picked,
    });
    // Not picked anew: the stored owner stays; cleared: none.
    expect(setter?.('u1' as never, row, column as never, undefined as never)).toEqual(row);
    expect(setter?.('' as never, row, column as never, undefined as never)).toEqual({
      ...row,
      assignedTo: null,
    });
  });

  it('asks for the columns and each relation label in the mask', () => {
    expect(maskOf('ParkingSlotSettings', [{ field: 'name' }, { field: 'parkingGarage' }])).toBe(
      '{name,parkingGarage{name}}',
    );
  });

  it('keeps wire dates as wall-clock days and shows times without seconds', () => {
    const day = parseWireDate('2026-03-29');
    expect(day?.getDate()).toBe(29);
    expect(day === null ? '' : toWireDate(day)).toBe('2026-03-29');
    expect(parseWireDate('29/03/2026')).toBeNull();
    expect(wireTimeLabel('09:30:00')).toBe('09:30');
    expect(wireTimeLabel(null)).toBe('');
  });
});
