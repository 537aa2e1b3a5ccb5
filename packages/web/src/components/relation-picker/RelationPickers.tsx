import Stack from '@mui/material/Stack';
import type { TransferName } from '@parkhere/contract';
import type { ReactNode } from 'react';
import type { Row } from '../../api/model.ts';
import { RelationPicker } from './RelationPicker.tsx';

type RelationPickersProps = {
  type: TransferName;
  owner: Row;
  /** The to-many relations of the owner, each with its picker's label. */
  relations: readonly { relation: string; label: string }[];
  /** The candidates' attribute every picker shows. */
  labelAttribute: string;
  /** Pickers of other kinds below them. */
  children?: ReactNode;
};

/** Several to-many relations of one owner, a picker each, one under the other. */
export function RelationPickers({ type, owner, relations, labelAttribute, children }: RelationPickersProps) {
  return (
    <Stack spacing={3}>
      {relations.map(({ relation, label }) => (
        <RelationPicker
          key={relation}
          type={type}
          relation={relation}
          owner={owner}
          label={label}
          labelAttribute={labelAttribute}
        />
      ))}
      {children}
    </Stack>
  );
}
