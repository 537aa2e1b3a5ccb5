import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { timeZones } from '@parkhere/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityEditor } from './useEntityEditor.ts';

/**
 * Configuration.timeZone as a searchable list of the IANA zones the runtime knows: a typed name could be one
 * no clock knows (the server refuses it), a picked one cannot. A stored zone missing from this browser's
 * list (an alias) stays shown and choosable.
 */
export function TimeZoneField({ editor, field = 'timeZone' }: { editor: EntityEditor; field?: string }) {
  const { t } = useTranslation('application');
  const value = typeof editor.edited[field] === 'string' ? String(editor.edited[field]) : null;
  const options = useMemo(() => {
    const known = timeZones();
    return value === null || known.includes(value) ? known : [value, ...known];
  }, [value]);
  const error = editor.errorOf(field);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, chosen) => editor.set(field, chosen)}
      autoHighlight
      noOptionsText={t('adminViews.configuration.noTimeZone')}
      openText={t('adminViews.configuration.openTimeZones')}
      closeText={t('adminViews.configuration.closeTimeZones')}
      clearText={t('adminViews.configuration.clearTimeZone')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field}
          label={t(`attribute.${field}`, { defaultValue: field })}
          required
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
