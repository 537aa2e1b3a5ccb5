import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/layout/PageTitle.tsx';
import { panel, repeatFields, whenFields } from '../../components/reservation/lazyParts.ts';
import { PageLoading } from '../../feedback/PageLoading.tsx';
import { usePageTitle } from '../../navigation/NavigationProvider.tsx';
import { usePageTitleKey } from '../usePageTitleKey.ts';

// The form, its pickers and the panel start loading with this module (the entry preloads it while sign-in runs)
// and render after the route's title, so the shell never waits for them. They are three module graphs, fetched
// together and evaluated apart, each in a task of its own (TBT, issue 15); a failure is the lazy component's.
const content = import('./DashboardContent.tsx');
whenFields.load().catch(() => undefined);
repeatFields.load().catch(() => undefined);
panel.load().catch(() => undefined);
const DashboardContent = lazy(() => content);

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
    </>
  );
}
