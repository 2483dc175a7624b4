/** The games area's texts in en (spec §2 /games); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `games.<key>`. */
  texts: {
    sections: { basic: 'Basic information', media: 'Cover and screenshots', description: 'Description' },
    test: {
      title: 'Listing check',
      hint: 'How each game will present in the storefront: fix the issues before putting goods on sale. Pick a game to preview it.',
      summary: '{{ready}} of {{total}} games ready',
      onlyIssues: 'Only games with issues',
      issues: 'Issues',
      ready: 'Ready',
      allReady: 'Every game passes the checks',
      pick: 'Pick a game in the table to preview its storefront page.',
      checks: { cover: 'Cover', gallery: 'Screenshots', description: 'Description (20+ characters)', platforms: 'Platforms', tags: 'Tags', online: 'Online', goods: 'Goods on sale' },
    },
  },
};
