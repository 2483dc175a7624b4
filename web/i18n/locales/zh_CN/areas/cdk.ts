/** The CDK area's texts in zh_CN (spec §2 /cdk); one file per area so areas never edit a shared pack. */
export default {
  /** Screen texts, keys `cdk.<key>`. */
  texts: {
    codes: '查看 CDK',
    back: '返回',
    codesOf: '{{name}} 的 CDK',
    chooseOwner: '请先在列表中选择一个{{owner}}。',
  },
};
