/** The recommend area's texts in en (spec §2 /recommend); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `recommend.<key>`. */
  texts: {
    modulesOf: 'Modules of {{name}}', modules: 'Modules ({{count}})', items: 'Items', chooseTarget: 'Choose a {{type}}',
    weights: 'Set weights', weightsHint: 'Filter by a module or select some rows first', weightsTitle: 'Set weights (higher shows first)', weightsSaved: '{{count}} weights updated', rank: 'New position',
    nav: {
      tree: 'Navigation', preview: 'Member view', previewHint: 'What members see (hidden entries are left out)', shop: 'Game Shop',
      up: 'Move up', down: 'Move down', addChild: 'Add sub-entry', hide: 'Hide', show: 'Show', hidden: 'Hidden', moved: 'Navigation order updated',
      dragHint: 'Drag an entry to reorder it, or onto a top entry to move it under that entry (two levels at most)', readOnly: 'This account can only view the navigation',
    },
  },
};
