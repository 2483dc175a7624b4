import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { ResourceListPage } from '../../crud';
import recommendPage from '../../resources/recommend/recommend-page.resource';
import recommendModule from '../../resources/recommend/recommend-module.resource';

type Row = Record<string, unknown>;

/**
 * /recommend/page (spec §2): shop pages, master of their modules. A page's modules open in a
 * drawer (a second list with the page as a permanent filter, its view not in the URL; a module
 * added there belongs to the page); each module leads on to its items (/recommend/relation).
 */
export default function RecommendPagePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [master, setMaster] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // Stable objects while the drawer is open (the detail list and its form key their effects on them).
  const detail = useMemo(() => (master ? { controller: { urlSync: false, permanentFilter: { pageId: master.id } }, addDefaults: { pageId: master.id } } : null), [master]);
  return (
    <>
      <ResourceListPage
        resource={recommendPage}
        reloadKey={reloadKey}
        rowActions={(row) => <Button label={t('recommend.modules', { count: row.moduleCount as number })} link size="small" onClick={() => setMaster(row)} data-testid="page-modules" />}
      />
      <Sidebar
        visible={!!master}
        onHide={() => {
          setMaster(null);
          // Module counts may have changed.
          setReloadKey((n) => n + 1);
        }}
        position="right"
        style={{ width: 'min(1100px, 100vw)' }}
        header={t('recommend.modulesOf', { name: String(master?.pageName ?? '') })}
        data-testid="page-modules-drawer"
      >
        {detail && (
          <ResourceListPage
            resource={recommendModule}
            controller={detail.controller}
            addDefaults={detail.addDefaults}
            rowActions={(row) => <Button label={t('recommend.items')} link size="small" onClick={() => navigate(`/recommend/relation?moduleId=${String(row.id)}`)} data-testid="module-items" />}
          />
        )}
      </Sidebar>
    </>
  );
}
