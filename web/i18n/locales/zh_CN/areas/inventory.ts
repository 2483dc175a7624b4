/** The inventory area's texts in zh_CN (spec §2 /inventory); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `inventory.<key>`. */
  texts: {},
  /** Entity titles and field labels, keys `resources.<entity>.title` and `resources.<entity>.fields.<field>`. */
  resources: {},
};
