import { formatDay } from '@parkhere/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/dateLocale.ts';
import { fieldOfLocation, validationItemsOf } from '../data-table/rowErrors.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The limits a 400 answer's items name (`details.max`: the last day one may book), by `field:code`. */
export type NamedLimits = Readonly<Record<string, string>>;

export function limitsOf(error: unknown): NamedLimits {
  const limits: Record<string, string> = {};
  for (const item of validationItemsOf(error)) {
    const max = item.details?.max;
    if (typeof max === 'string' || typeof max === 'number') {
      limits[`${fieldOfLocation(item.location)}:${item.code}`] = String(max);
    }
  }
  return limits;
}

/**
 * The reservation screens' texts of an error code: the form's own sentence where it has one, else the
 * validation text, else the code; and why a weekly pattern skipped a day (the text a single create answers).
 * A code given its limit says it (issue 31: "you may book up to 12 Dec 2026"), a day in the reader's format.
 */
export function useReservationCodeTexts() {
  const { t } = useTranslation('application');
  const { locale } = useDateFormat();
  const translateCode = useCallback(
    (code: string, limit: string | null = null) =>
      t(`reservationForm.error.${code}`, {
        ...(limit === null
          ? {}
          : { context: 'limit', limit: DAY.test(limit) ? formatDay(limit, locale) : limit }),
        defaultValue: t(`validation.${code}`, { ns: 'system', defaultValue: code }),
      }),
    [t, locale],
  );
  const skipReason = useCallback(
    (code: string) =>
      t(`validation.${code}`, {
        ns: 'system',
        defaultValue: t(`businessError.${code}`, {
          ns: 'system',
          defaultValue: t(`error.conflict.${code}`, { ns: 'system', defaultValue: code }),
        }),
      }),
    [t],
  );
  return { translateCode, skipReason };
}
