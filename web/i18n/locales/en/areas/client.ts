/** The client area's texts in en (spec §2 /client); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `client.<key>`. */
  texts: {
    detail: 'Details',
    detailTitle: 'Error #{{id}}',
    resolve: 'Mark resolved ({{count}})',
    resolved: '{{count}} marked resolved',
  },
};
