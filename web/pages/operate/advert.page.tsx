import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton, ResourceListPage } from '../../crud';
import advert from '../../resources/operate/advert.resource';
import { AdvertChartDialog } from './advert-chart';
import '../storefront.css';

/** /operate/advert (spec §2): banner adverts (image, link, position, schedule, sort, status) and the chart modal. */
export default function OperateAdvertPage() {
  const { t } = useTranslation();
  const [charted, setCharted] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <ResourceListPage resource={advert} rowActions={(row) => <LinkButton label={t('operate.chart.open')} onClick={() => setCharted(row)} testId="advert-chart-open" />} />
      <AdvertChartDialog row={charted} onHide={() => setCharted(null)} />
    </>
  );
}
