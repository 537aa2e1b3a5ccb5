import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERSONAL_DATA_PATH } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { saveFile } from '../../api/saveFile.ts';
import { DownloadOutlinedIcon } from '../../icons/icons.tsx';
import { ViewSection } from '../ViewPage.tsx';

/**
 * "Download my data": everything ParkHere holds about the signed-in user (`GET /api/personal-data`), saved as
 * a JSON file. The call carries the access token, so a plain link would not do.
 */
export function PersonalDataSection() {
  const { t } = useTranslation('application');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await api.get<unknown>(PERSONAL_DATA_PATH);
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        'parkhere-personal-data.json',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <ViewSection title={t('profileSettings.personalData.title')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{t('profileSettings.personalData.explain')}</Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlinedIcon />}
          disabled={busy}
          onClick={() => void download()}
        >
          {t('profileSettings.personalData.download')}
        </Button>
      </Stack>
    </ViewSection>
  );
}
