import type { OperationInput, OperationName, TransferName } from '@parkhere/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { operation, type Row } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import type { TransferAction } from '../../components/data-table/DataTable.tsx';
import { useDialogs } from '../../feedback/dialogs.tsx';
import { toast } from '../../feedback/toast.ts';
import { BlockOutlinedIcon, DeleteForeverOutlinedIcon, StarBorderIcon } from '../../icons/icons.tsx';

/** The operations of `T` (of each member of a union) that take no body. */
type BodilessOperation<T extends TransferName> = T extends TransferName
  ? { [O in OperationName<T>]: OperationInput<T, O> extends undefined ? O : never }[OperationName<T>]
  : never;

/** An operation a row offers as its action (SPEC §9 transfer actions): bound, no input. */
type RowOperation<T extends TransferName> = {
  name: BodilessOperation<T>;
  icon: ReactElement;
  /** The row's flag that withdraws the action (a past reservation cannot be cancelled). */
  hiddenWhen?: 'isNotDeletable' | 'isNotCancelable';
  /** Whether it is asked before: what it does cannot be undone. */
  confirm: boolean;
};

/** The row actions of each type a relation page lists beyond view, edit and delete; checked by the compiler. */
const ROW_OPERATIONS: { [T in TransferName]?: readonly RowOperation<T>[] } = {
  UserReservation: [
    { name: 'cancelReservation', icon: <BlockOutlinedIcon />, hiddenWhen: 'isNotCancelable', confirm: true },
    {
      name: 'deleteReservation',
      icon: <DeleteForeverOutlinedIcon />,
      hiddenWhen: 'isNotDeletable',
      confirm: true,
    },
  ],
  Holiday: [
    {
      name: 'deleteHoliday',
      icon: <DeleteForeverOutlinedIcon />,
      hiddenWhen: 'isNotDeletable',
      confirm: true,
    },
  ],
  Car: [{ name: 'favoriteCar', icon: <StarBorderIcon />, confirm: false }],
};

/**
 * The operations of `type` as row actions: each asks first where it cannot be undone, calls the operation on the
 * row and reads every list of the type again (a cancelled reservation moves to the previous ones).
 */
export function useRowOperations(type: TransferName): TransferAction[] {
  const { t } = useTranslation('application');
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const operations: readonly RowOperation<TransferName>[] = ROW_OPERATIONS[type] ?? [];
  return operations.map(({ name, icon, hiddenWhen, confirm }) => {
    const label = t(`relationPages.operation.${name}`, { defaultValue: name });
    return {
      key: name,
      label,
      icon,
      ...(hiddenWhen === undefined ? {} : { hidden: (row: Row) => row[hiddenWhen] === true }),
      onClick: (row: Row) =>
        void (async () => {
          if (
            confirm &&
            !(await dialogs.confirm({ message: t('relationPages.confirm', { action: label }) }))
          ) {
            return;
          }
          try {
            await operation(type, name, undefined, row);
            toast.success(t('relationPages.done', { action: label }));
            await queryClient.invalidateQueries({ queryKey: ofType(type) });
          } catch {
            // The error pipeline has told the user.
          }
        })(),
    };
  });
}
