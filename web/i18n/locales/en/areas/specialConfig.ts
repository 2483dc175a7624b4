/** The special config area's texts in en (spec §2 /specialConfig); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `specialConfig.<key>`. */
  texts: { preview: 'Preview', previewTitle: 'Member view', unpublished: 'Not published' },
};
