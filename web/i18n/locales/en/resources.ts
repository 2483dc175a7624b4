/** Field labels of resources: `resources.<entity>.fields.<field>` (areas add their entities here). */
export default {
  feedback: {
    title: 'Feedback',
    fields: { memberId: 'Member ID', nickName: 'Nickname', typeId: 'Type', content: 'Content', images: 'Images', contact: 'Contact', source: 'Source', clientVersion: 'Client version', status: 'Status', replyContent: 'Reply', replyTime: 'Replied at', replyAdmin: 'Replied by', remark: 'Remark' },
  },
  feedbackType: {
    title: 'Feedback type',
    fields: { typeName: 'Type name', description: 'Description', sort: 'Sort', status: 'Status' },
  },
  replay: {
    title: 'Reply template',
    fields: { title: 'Title', content: 'Reply text', typeId: 'For type', sort: 'Sort', status: 'Status' },
  },
  feedbackWords: {
    title: 'Feedback words',
    fields: { word: 'Word', wordType: 'Word type', replacement: 'Replace with', hitCount: 'Hits', status: 'Status' },
  },
  feedbackAward: {
    title: 'Award winners',
    fields: { activityName: 'Activity', memberId: 'Member ID', nickName: 'Nickname', phone: 'Phone', awardName: 'Award', awardLevel: 'Award level', status: 'Issue status', remark: 'Remark' },
  },
};
