import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';

type ReadOnlyFlagsProps = {
  record: Row;
  flags: readonly string[];
  /** Names the group for assistive technology. */
  label?: string;
};

/** A record's flags shown as disabled checkboxes in a row, each labelled with its attribute's name. */
export function ReadOnlyFlags({ record, flags, label }: ReadOnlyFlagsProps) {
  const { t } = useTranslation('application');
  return (
    <FormGroup row aria-label={label}>
      {flags.map((flag) => (
        <FormControlLabel
          key={flag}
          control={<Checkbox checked={record[flag] === true} disabled />}
          label={t(`attribute.${flag}`)}
        />
      ))}
    </FormGroup>
  );
}
