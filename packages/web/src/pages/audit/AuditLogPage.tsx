import type { AuditEntry } from '@parkhere/contract';
import { useState } from 'react';
import type { Row } from '../../api/model.ts';
import type { ColumnSpec } from '../../components/data-table/columns.tsx';
import { AdminTablePage } from '../admin/AdminTablePage.tsx';
import { AuditEntryDialog } from './AuditEntryDialog.tsx';
import { WHOLE_ENTRY } from './auditImages.ts';

const COLUMNS: readonly ColumnSpec<AuditEntry>[] = [
  { field: 'at', minWidth: 150 },
  { field: 'actorName', flex: 1, minWidth: 160 },
  { field: 'actorEmail', flex: 1, minWidth: 180 },
  { field: 'entityType', minWidth: 150 },
  { field: 'entityId' },
  { field: 'action' },
  { field: 'reason', minWidth: 140 },
];

/**
 * Services/Actor/AuditLog/AccessTablePage (issue 28, item 8): who changed what and when, newest first, filtered
 * by any column and by a text anywhere in the entry (its reason and images); a row opens its detail, the fields
 * before and after side by side; its export holds the whole entries. Read only: the log is append-only.
 */
export default function AuditLogPage() {
  const [shown, setShown] = useState<Row | null>(null);
  return (
    <>
      <AdminTablePage
        accessPoint="auditLog"
        columns={COLUMNS}
        filterOnly={['content']}
        exportMask={WHOLE_ENTRY}
        readOnly
        defaultSort={{ attribute: 'at', descending: true }}
        onView={setShown}
      />
      {shown !== null && (
        <AuditEntryDialog key={shown.__signedIdentifier} entry={shown} onClose={() => setShown(null)} />
      )}
    </>
  );
}
