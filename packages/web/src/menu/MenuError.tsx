import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from './menuModel.ts';

/** An entry of an unknown type: shown, not hidden, so a broken customizer gets noticed. */
export function MenuError({ node }: { node: Extract<MenuNode, { kind: 'error' }> }) {
  const { t } = useTranslation('application');
  return (
    <Box role="alert" sx={{ px: 2, py: 1, textAlign: 'center' }}>
      <Typography variant="subtitle2" color="error">
        {t(node.title)}
      </Typography>
      <Typography variant="caption" color="error">
        {t(node.message)}
      </Typography>
    </Box>
  );
}
