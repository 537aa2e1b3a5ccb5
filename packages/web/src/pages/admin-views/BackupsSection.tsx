import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BACKUPS_PATH, type BackupFile, type BackupList } from '@parkhere/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { toast } from '../../feedback/toast.ts';
import { ViewSection } from '../ViewPage.tsx';

const backupsKey = ['ConfigurationSettings', 'backups'] as const;

/** How many of BACKUP_DIR's backups the page shows, newest first. */
const SHOWN = 10;

/**
 * Configuration settings' Backups: takes a backup of the embedded database now (POST /api/backups) and lists the
 * latest ones in BACKUP_DIR. On PostgreSQL the server answers that pg_dump backs it up, shown as any refusal.
 */
export function BackupsSection() {
  const { t, i18n } = useTranslation('application');
  const queryClient = useQueryClient();
  const backups = useQuery({
    queryKey: backupsKey,
    queryFn: () => api.get<BackupList>(`/${BACKUPS_PATH}`),
  });
  const take = useMutation({
    mutationFn: () => api.post<BackupFile>(`/${BACKUPS_PATH}`),
    onSuccess: async (written) => {
      toast.success(t('adminViews.configuration.backups.taken', { file: written.file }));
      await queryClient.invalidateQueries({ queryKey: backupsKey });
    },
  });
  const listed = backups.data?.backups.slice(0, SHOWN) ?? [];
  return (
    <ViewSection title={t('adminViews.configuration.backups.title')}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{t('adminViews.configuration.backups.explain')}</Typography>
        <Button variant="outlined" disabled={take.isPending} onClick={() => take.mutate()}>
          {t('adminViews.configuration.backups.take')}
        </Button>
        {backups.isSuccess && listed.length === 0 && (
          <Typography variant="body2">{t('adminViews.configuration.backups.none')}</Typography>
        )}
        {listed.length > 0 && (
          <List dense aria-label={t('adminViews.configuration.backups.recent')}>
            {listed.map((backup) => (
              <ListItem key={backup.file} disableGutters>
                <ListItemText
                  primary={backup.file}
                  secondary={t('adminViews.configuration.backups.details', {
                    at: new Date(backup.createdAt).toLocaleString(i18n.language),
                    size: Math.max(1, Math.round(backup.size / 1024)).toLocaleString(i18n.language),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </ViewSection>
  );
}
