/** The merchant area's texts in zh_CN (spec §2 /merchant); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `merchant.<key>`. */
  texts: {},
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
