import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { RelatedPages } from '../../components/relations/RelatedPages.tsx';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

// The pickers and the form start loading with this module (the entry preloads it while sign-in runs) and
// render after the route's title, so the shell never waits for them.
const content = import('./DashboardContent.tsx');
const DashboardContent = lazy(() => content);

/** Route "": the reservation entry. */
export default function DashboardPage() {
  const { t } = useTranslation('application');
  const title = t(usePageTitleKey());
  usePageTitle(title);
  return (
    <>
      <PageTitle sx={{ mb: 3 }}>{title}</PageTitle>
      {/* Related pages come with the content, so its arrival pushes nothing visible aside. */}
      <Suspense fallback={<PageLoading />}>
        <DashboardContent />
        <Box sx={{ mt: 3 }}>
          <RelatedPages type="UserReservationPanel" accessPoint="userReservationPanel" />
        </Box>
      </Suspense>
    </>
  );
}
