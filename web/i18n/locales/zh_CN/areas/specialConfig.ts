/** The special config area's texts in zh_CN (spec §2 /specialConfig); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `specialConfig.<key>`. */
  texts: { preview: '预览', previewTitle: '会员端预览', unpublished: '未发布' },
};
