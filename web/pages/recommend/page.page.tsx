import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import recommendPage from '../../resources/recommend/recommend-page.resource';

/** /recommend/page (spec §2): shop pages; each opens its modules (/recommend/module filtered by the page). */
export default function RecommendPagePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <ResourceListPage
      resource={recommendPage}
      rowActions={(row) => <Button label={t('recommend.modules', { count: row.moduleCount as number })} link size="small" onClick={() => navigate(`/recommend/module?pageId=${String(row.id)}`)} data-testid="page-modules" />}
    />
  );
}
