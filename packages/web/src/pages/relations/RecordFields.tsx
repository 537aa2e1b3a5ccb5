import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AttributeDef, TransferName } from '@parkhere/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/model.ts';
import { BooleanMark } from '../../components/data-table/BooleanMark.tsx';
import { attributesOf } from '../../components/data-table/columns.tsx';
import { FileCell } from '../../components/data-table/FileCell.tsx';
import { parseWireTimestamp, wireTimeLabel } from '../../components/data-table/wireValues.ts';
import { useInlineViewer } from '../../components/files/InlineViewer.tsx';
import { fieldsOf } from '../../components/relations/relationScreen.ts';
import { useDateFormat } from '../../i18n/dateLocale.ts';

/** A record's fields, read-only, each under its label: the body of a relation's view page. */
export function RecordFields({ type, record }: { type: TransferName; record: Row }) {
  const { t } = useTranslation('application');
  const format = useDateFormat();
  const inline = useInlineViewer();
  const attributes = attributesOf(type);
  const label = (field: string) => t(`attribute.${field}`, { defaultValue: field });

  const shown = (field: string, attribute: AttributeDef): ReactNode => {
    const value = record[field];
    switch (attribute.type) {
      case 'boolean':
        return <BooleanMark value={value} label={(flag) => t(`dataTable.trinary.${flag}`)} />;
      case 'date':
        return format.day(typeof value === 'string' ? value : null);
      case 'time':
        return wireTimeLabel(value);
      case 'timestamp':
        return format.dateTime(typeof value === 'string' ? parseWireTimestamp(value) : null);
      case 'enumeration':
        return typeof value === 'string'
          ? t(`enumeration.${attribute.enumeration?.name ?? ''}.${value}`, { defaultValue: value })
          : '';
      case 'binary':
        return (
          <FileCell
            token={value}
            label={label(field)}
            canUpload={false}
            onView={(token) => void inline.view(token)}
            onUpload={async () => {}}
          />
        );
      case 'integer':
      case 'string':
        return value === null || value === undefined ? '' : String(value);
    }
  };

  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 2, m: 0, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
    >
      {fieldsOf(type).flatMap((field) => {
        const attribute = attributes[field];
        return attribute === undefined
          ? []
          : [
              <Box key={field} sx={{ minWidth: 0 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label(field)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {shown(field, attribute)}
                </Typography>
              </Box>,
            ];
      })}
      {inline.viewer}
    </Box>
  );
}
