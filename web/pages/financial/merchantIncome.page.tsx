import merchantIncome from '../../resources/financial/merchant-income.resource';
import { IncomePage } from './income';

/** /financial/merchantIncome (spec §2): merchants' daily income lines, totals of the filter, batch settle. */
export default function MerchantIncomePage() {
  return <IncomePage resource={merchantIncome} entity="merchantIncome" amountKey="orderAmount" feeKey="commission" />;
}
