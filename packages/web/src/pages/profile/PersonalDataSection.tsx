import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERSONAL_DATA_PATH } from '@parkhere/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ViewSection } from '../ViewPage.tsx';

/** Saves a JSON document as a file the browser downloads. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

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
      saveJson(await api.get<unknown>(PERSONAL_DATA_PATH), 'parkhere-personal-data.json');
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
