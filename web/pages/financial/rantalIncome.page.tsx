import rentalIncome from '../../resources/financial/rental-income.resource';
import { IncomePage } from './income';

/** /financial/rantalIncome (spec §2, spelled so; the title says rental income): owners' income per rental, totals of the filter, batch settle. */
export default function RentalIncomePage() {
  return <IncomePage resource={rentalIncome} entity="rentalIncome" amountKey="rentAmount" feeKey="platformFee" />;
}
