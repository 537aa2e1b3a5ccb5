import { GridRowModes, type GridRowModesModel } from '@mui/x-data-grid';
import type { AccessPointName, ValidationErrorItem } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, remove, template, update } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { uploadFile } from '../files/fileTransfer.ts';
import type { ColumnSpec } from './columns.tsx';
import { isDraft, newDraft, rowIdOf, withoutDraftIdentity } from './drafts.ts';
import { type CellErrors, mapErrors } from './rowErrors.ts';
import { createRow, type RowShape, updateRow } from './rowWrites.ts';

export type RowEditingInput = RowShape & {
  columns: readonly ColumnSpec<Row>[];
  createIn: AccessPointName | 'relation' | undefined;
  /** Shows a saved row on the page in the cache. */
  patchRow(rowId: string, saved: Row): void;
  /** Back to the first page, where a new row takes its place in the server's order. */
  firstPage(): void;
  /** When the page shown was read (0 while an earlier page stands in for it). */
  pageReadAt: number;
};

/** A new row until the page read after its save shows it. */
type Draft = { row: Row; savedAt: number | null };
const stillShown = (draft: Draft, pageReadAt: number): boolean =>
  draft.savedAt === null || draft.savedAt > pageReadAt;

/**
 * Inline editing of a table's rows (SPEC §5, §9): drafts of new rows, create and update through the model
 * client with 400 items on the row's cells, file uploads and delete behind a confirm dialog. Every write
 * invalidates the cached reads of the type; a create or delete reads the page again at once, an update only
 * shows its answer on the row, which keeps its place until the table reads again.
 */
export function useRowEditing(input: RowEditingInput) {
  const { type, source, fields, attributes } = input;
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [rowModes, setRowModes] = useState<GridRowModesModel>({});
  const [rowErrors, setRowErrors] = useState<Record<string, CellErrors>>({});
  const [tableErrors, setTableErrors] = useState<ValidationErrorItem[]>([]);
  const [drafts, setDrafts] = useState<Draft[]>([]);

  const invalidate = (refetch: boolean) =>
    queryClient.invalidateQueries({ queryKey: ofType(type), refetchType: refetch ? 'active' : 'none' });

  const clearRowErrors = (rowId: string) =>
    setRowErrors((current) => {
      const { [rowId]: _removed, ...rest } = current;
      return rest;
    });

  const saving = useMutation({
    mutationFn: async ({ next, previous }: { next: Row; previous: Row }): Promise<Row> => {
      if (!isDraft(next)) {
        const saved = await updateRow(input, next, previous);
        return saved === null ? previous : { ...next, ...saved };
      }
      if (input.createIn === undefined) {
        return previous;
      }
      await createRow(input.createIn, source, withoutDraftIdentity(next));
      return next;
    },
  });

  const processRowUpdate = async (next: Row, previous: Row): Promise<Row> => {
    const rowId = rowIdOf(next);
    try {
      const saved = await saving.mutateAsync({ next, previous });
      if (saved === previous) {
        return previous;
      }
      clearRowErrors(rowId);
      setTableErrors([]);
      toast.success(t('dataTable.saved'));
      // After the grid has taken the row back: a new one takes its place in the server's order.
      setTimeout(() => {
        if (isDraft(next)) {
          // The draft gives way to the saved row in the same render, when a page read after the save arrives.
          const savedAt = Date.now();
          setDrafts((current) =>
            current.map((draft) => (rowIdOf(draft.row) === rowId ? { row: next, savedAt } : draft)),
          );
          input.firstPage();
          void invalidate(true);
          return;
        }
        input.patchRow(rowId, saved);
        void invalidate(false);
      }, 0);
      return saved;
    } catch (error) {
      const mapped = mapErrors(error, fields);
      setRowErrors((current) => ({ ...current, [rowId]: mapped.cells }));
      setTableErrors(mapped.table);
      throw error;
    }
  };

  const uploading = useMutation({
    mutationFn: async ({ row, field, file }: { row: Row; field: string; file: File }) => {
      const stored = await uploadFile(type, field, row, file);
      if (stored === undefined) {
        return null;
      }
      const written = {
        __signedIdentifier: row.__signedIdentifier,
        __version: row.__version,
        [field]: stored.token,
      };
      return update(type, written, [field]);
    },
    onSuccess: (saved, { row }) => {
      if (saved !== null) {
        input.patchRow(rowIdOf(row), saved);
        void invalidate(false);
      }
    },
  });

  /** A new file for a saved row: uploaded through the token flow, then written by `~update` of that field. */
  const uploadToRow = async (row: Row, field: string, file: File) => {
    const rowId = rowIdOf(row);
    try {
      const saved = await uploading.mutateAsync({ row, field, file });
      if (saved === null) {
        toast.error(t('adminViews.file.uploadFailed'));
        return;
      }
      clearRowErrors(rowId);
      toast.success(t('dataTable.saved'));
    } catch (error) {
      // The error pipeline has told the user; a field error also marks the cell.
      setRowErrors((current) => ({ ...current, [rowId]: mapErrors(error, fields).cells }));
    }
  };

  const deleting = useMutation({
    mutationFn: (row: Row) => remove(type, row),
    onSuccess: () => invalidate(true),
  });

  const deleteRow = async (row: Row) => {
    if (!(await dialogs.confirm({ message: t('dataTable.confirmDelete') }))) {
      return;
    }
    try {
      await deleting.mutateAsync(row);
      toast.success(t('dataTable.deleted'));
    } catch {
      // The error pipeline has told the user.
    }
  };

  const addRow = async () => {
    if (input.createIn === undefined) {
      return;
    }
    const fresh = await template(type);
    const draft = newDraft(fresh);
    setDrafts((current) => [
      { row: draft, savedAt: null },
      ...current.filter((candidate) => stillShown(candidate, input.pageReadAt)),
    ]);
    const firstEditable = input.columns.find(
      (column) => column.editable ?? !attributes[column.field]?.readOnly,
    );
    setRowModes((current) => ({
      ...current,
      [rowIdOf(draft)]: {
        mode: GridRowModes.Edit,
        ...(firstEditable === undefined ? {} : { fieldToFocus: firstEditable.field }),
      },
    }));
  };

  const cancel = (row: Row) => {
    const rowId = rowIdOf(row);
    clearRowErrors(rowId);
    setTableErrors([]);
    setRowModes((current) => ({
      ...current,
      [rowId]: { mode: GridRowModes.View, ignoreModifications: true },
    }));
    if (isDraft(row)) {
      // An unsaved new row disappears on cancel.
      setDrafts((current) => current.filter((candidate) => rowIdOf(candidate.row) !== rowId));
    }
  };

  return {
    /** The new rows shown above the page. */
    drafts: useMemo(
      () => drafts.filter((draft) => stillShown(draft, input.pageReadAt)).map((draft) => draft.row),
      [drafts, input.pageReadAt],
    ),
    rowModes,
    setRowModes,
    rowErrors,
    tableErrors,
    /** A new query shows none of the errors of the rows it replaced. */
    clearErrors() {
      setRowErrors({});
      setTableErrors([]);
    },
    isEditing: (rowId: string) => rowModes[rowId]?.mode === GridRowModes.Edit,
    startEdit: (rowId: string) =>
      setRowModes((current) => ({ ...current, [rowId]: { mode: GridRowModes.Edit } })),
    save: (rowId: string) => setRowModes((current) => ({ ...current, [rowId]: { mode: GridRowModes.View } })),
    cancel,
    addRow,
    processRowUpdate,
    uploadToRow,
    deleteRow,
  };
}
