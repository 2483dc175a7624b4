/** The social area's texts in en (spec §2 /social); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `social.<key>`. */
  texts: {
    approve: 'Approve', hide: 'Hide', pin: 'Pin', unpin: 'Unpin', batchApprove: 'Approve selected', batchHide: 'Hide selected',
    hideTitle: 'Hide comments ({{count}})', quickReasons: 'Common reasons', reasonRequired: 'Say why the comment is hidden',
    reasons: { ad: 'Ads or contact details', offTopic: 'Not about the product', abuse: 'Abusive language', spam: 'Spam' },
    done: { approve: '{{count}} comments approved', hide: '{{count}} comments hidden', pin: 'Pinned', unpin: 'Unpinned' },
  },
};
