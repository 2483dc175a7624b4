import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import recommendModule from '../../resources/recommend/recommend-module.resource';

/**
 * /recommend/module (spec §2): the modules of the pages, filtered by page (`?pageId=` when opened
 * from a page); each opens its items (/recommend/relation filtered by the module).
 */
export default function RecommendModulePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <ResourceListPage
      resource={recommendModule}
      rowActions={(row) => <Button label={t('recommend.items')} link size="small" onClick={() => navigate(`/recommend/relation?moduleId=${String(row.id)}`)} data-testid="module-items" />}
    />
  );
}
