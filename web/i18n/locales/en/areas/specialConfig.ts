/** The specialConfig area's texts in en (spec §2 /specialConfig); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `specialConfig.<key>`. */
  texts: {},
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
