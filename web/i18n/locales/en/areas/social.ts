/** The social area's texts in en (spec §2 /social); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `social.<key>`. */
  texts: {
    approve: 'Approve', hide: 'Hide', pin: 'Pin', unpin: 'Unpin', batchApprove: 'Approve selected', batchHide: 'Hide selected',
    hideTitle: 'Hide comments ({{count}})', quickReasons: 'Common reasons', reasonRequired: 'Say why the comment is hidden',
    reasons: { ad: 'Ads or contact details', offTopic: 'Not about the product', abuse: 'Abusive language', spam: 'Spam' },
    done: { approve: '{{count}} comments approved', hide: '{{count}} comments hidden', pin: 'Pinned', unpin: 'Unpinned' },
  },
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {
    comment: { title: 'Comment', fields: { memberId: 'Member ID', nickName: 'Nickname', targetType: 'On', targetId: 'Target ID', targetName: 'Target', content: 'Comment', rating: 'Rating', images: 'Images', likeCount: 'Likes', replyCount: 'Replies', isTop: 'Pinned', status: 'Review', hideReason: 'Hide reason' } },
    commentReply: { title: 'Reply', fields: { commentId: 'Comment ID', replierType: 'By', memberId: 'Member ID', replierName: 'Replier', content: 'Reply', status: 'Status' } },
  },
};
