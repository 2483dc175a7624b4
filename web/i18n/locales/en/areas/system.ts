/** The system area's texts in en (spec §2 /system); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `system.<key>`. */
  texts: {},
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
