/**
 * The row a statement always answers (an insert's RETURNING, an aggregate, a row the caller holds locked):
 * none is a bug of the statement, never a client's mistake, so it throws a plain error saying what was expected.
 */
export function answeredRow<Row>(result: { rows: Row[] }, expected: string): Row {
  const row = result.rows[0];
  if (row === undefined) {
    throw new Error(`no row answered: ${expected}`);
  }
  return row;
}
