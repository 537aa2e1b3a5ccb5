import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  IMPORT_COLUMNS,
  IMPORT_LIST_SEPARATOR,
  IMPORT_REQUIRED_COLUMNS,
  type ImportKind,
} from '@parkhere/contract';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/saveFile.ts';
import { DownloadIcon } from '../../icons/icons.tsx';
import { exampleFile } from './importFile.ts';

/**
 * What a file of `kind` holds, from the contract's own lists: its columns (the required ones marked), the
 * separators read and how a row finds what it updates; and an example file with every column filled.
 */
export function ImportHelp({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('application');
  const required: readonly string[] = IMPORT_REQUIRED_COLUMNS[kind];
  return (
    <Box>
      <Typography variant="body2" id={`import-columns-${kind}`}>
        {t('adminViews.import.help.columns')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={`import-columns-${kind}`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1 }}
      >
        {IMPORT_COLUMNS[kind].map((column) => (
          <Typography component="li" variant="body2" key={column}>
            <Box component="code" sx={{ fontWeight: required.includes(column) ? 'bold' : undefined }}>
              {column}
            </Box>
            {required.includes(column) && ` (${t('adminViews.import.help.required')})`}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('adminViews.import.help.format', { list: IMPORT_LIST_SEPARATOR })}{' '}
        {t(`adminViews.import.help.match.${kind}`)}
      </Typography>
      <Button
        variant="text"
        startIcon={<DownloadIcon />}
        onClick={() => saveFile(new Blob([exampleFile(kind)], { type: 'text/csv' }), `${kind}-example.csv`)}
      >
        {t('adminViews.import.help.example')}
      </Button>
    </Box>
  );
}
