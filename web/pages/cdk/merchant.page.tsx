import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { ResourceListPage } from '../../crud';
import resource from '../../resources/cdk/cdk-merchant.resource';
import { openCodes } from './codes';
import { OWNERS } from './owners';

/** /cdk/merchant (spec §2): a declared list; beyond it, each row opens the owner's codes (master-detail). */
export default function CdkMerchantPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <ResourceListPage
      resource={resource}
      rowActions={(row) => <Button label={t('cdk.codes')} link size="small" onClick={() => openCodes(navigate, OWNERS.merchant, row.id as number)} data-testid="cdk-open-codes" />}
    />
  );
}
