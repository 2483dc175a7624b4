import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import advert from '../../resources/operate/advert.resource';
import { AdvertChartDialog } from './advert-chart';
import '../storefront.css';

/** /operate/advert (spec §2): banner adverts (image, link, position, schedule, sort, status) and the chart modal. */
export default function OperateAdvertPage() {
  const { t } = useTranslation();
  const [charted, setCharted] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <ResourceListPage resource={advert} rowActions={(row) => <Button label={t('operate.chart.open')} link size="small" onClick={() => setCharted(row)} data-testid="advert-chart-open" />} />
      <AdvertChartDialog row={charted} onHide={() => setCharted(null)} />
    </>
  );
}
