import { describe, expect, it } from 'vitest';
import { cellText, csvOf, type ReportColumn } from './reportTable.ts';

type Row = { garage: string; occupancy: number | null };
const columns: ReportColumn<Row>[] = [
  { header: 'Parkolóház', cell: (row) => row.garage },
  { header: 'Foglaltság (%)', cell: (row) => row.occupancy },
];

describe('a report as CSV', () => {
  it('opens with a byte-order mark and the headers, one line per row, numbers with a decimal point', () => {
    const text = csvOf(columns, [
      { garage: 'Fő utca', occupancy: 22.9 },
      { garage: 'Ház "A", hátsó', occupancy: null },
    ]);
    expect(text).toBe('\uFEFFParkolóház,Foglaltság (%)\r\nFő utca,22.9\r\n"Ház ""A"", hátsó",\r\n');
  });

  it('shows numbers as the language writes them on the page, nothing as a dash', () => {
    const hungarian = new Intl.NumberFormat('hu-HU', { maximumFractionDigits: 2 });
    expect(cellText(1234.5, hungarian)).toBe('1234,5');
    expect(cellText(null, hungarian)).toBe('–');
    expect(cellText('Fő utca', hungarian)).toBe('Fő utca');
  });
});
