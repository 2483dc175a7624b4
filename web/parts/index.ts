/**
 * General parts built for the Member/Merchant/Order/Rent screens (issue 9), generic and free of any
 * area import, so they can move into the CRUD kit: an action dialog with a form, a guarded button
 * that says why it is disabled, a detail view with an action bar, a paged sub-list with a permanent
 * filter (master-detail), a live clock.
 */
export { GuardedButton } from './GuardedButton';
export { DetailView, DetailSection, DescList } from './DetailView';
export { useNow, durationParts } from './use-now';
