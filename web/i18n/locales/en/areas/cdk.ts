/** The CDK area's texts in en (spec §2 /cdk); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `cdk.<key>`. */
  texts: {
    codes: 'Codes',
    back: 'Back',
    codesOf: 'Codes of {{name}}',
    chooseOwner: 'Choose a {{owner}} in the list first.',
  },
};
