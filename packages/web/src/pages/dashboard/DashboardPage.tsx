import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

// The pickers and the form load after the route has rendered its title, so the shell never waits for them.
const DashboardContent = lazy(() => import('./DashboardContent.tsx'));

/** Route "": the reservation entry. */
export default function DashboardPage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <>
      <PageTitle sx={{ mb: 3 }}>{title}</PageTitle>
      <Suspense fallback={<PageLoading />}>
        <DashboardContent />
      </Suspense>
      <Box sx={{ mt: 3 }}>
        <RelatedPages type="UserReservationPanel" accessPoint="userReservationPanel" />
      </Box>
    </>
  );
}
