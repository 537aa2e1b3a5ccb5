import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The head of a plain (not data-grid) table: one row of column titles. */
export function HeaderRow({ titles }: { titles: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {titles.map((title) => (
          <TableCell key={title}>{title}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
