/** The operate area's texts in en (spec §2 /operate); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `operate.<key>`. */
  texts: {
    chart: {
      open: 'Stats', title: 'Advert stats: {{title}}', views: 'Impressions', clicks: 'Clicks', ctr: 'CTR', count: 'Count',
      last7: 'Last 7 days', last30: 'Last 30 days', schedule: 'Whole schedule', notStarted: 'The advert has not started yet: no data', aria: 'Line chart of the advert’s daily impressions, clicks and click-through rate',
    },
    receive: { open: 'Claims', title: 'Claims: {{name}}' },
    msg: {
      add: 'New message', modify: 'Edit draft', view: 'View', close: 'Close', send: 'Send', revoke: 'Revoke',
      scheduled: 'Scheduled', when: 'Delivery', mode: { now: 'Send now', schedule: 'Schedule', draft: 'Save as draft' },
      submit: { now: 'Send now', schedule: 'Schedule', draft: 'Save draft' },
      chooseGrades: 'Choose at least one member grade', chooseMembers: 'Choose at least one member', futureTime: 'Choose a time in the future', searchMembers: 'Search members by nickname or phone',
      savedDraft: 'Draft saved', sent: 'Message sent', scheduledAt: 'Scheduled for {{time}}', revoked: 'Message revoked',
      sendTitle: 'Send message', sendConfirm: 'Send “{{title}}” now? A sent message cannot be edited, only revoked.',
      revokeTitle: 'Revoke message', revokeConfirm: 'Revoke “{{title}}”? Members will no longer see it, and it cannot be sent again.',
    },
    seo: { deleteConfirm: 'Delete the SEO entry of {{name}}?', pages: 'Pages', off: 'Off', counter: '{{n}} / {{max}}', preview: 'Search result preview', noTitle: '(no title)' },
  },
};
