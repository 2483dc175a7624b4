/** 契约偏差 zh_CN：/system/contractDrift 页面、页头的模拟标记、错误日志条目。 */
export default {
  /** Screen texts, keys `contractDrift.<key>`. */
  texts: {
    title: '契约偏差',
    desc: '平台的应答与控制台所依据的接口契约不一致之处，自服务启动或上次重置以来按接口和字段计数。示例已脱敏：令牌、密码、密钥、手机号和邮箱均已遮盖。',
    off: '服务端已关闭契约校验（CONTRACT_VALIDATION=off），当前不做任何检查。',
    refresh: '刷新',
    export: '导出 JSON',
    reset: '重置',
    resetConfirm: '确定清除目前记录的全部偏差和计数吗？',
    resetDone: '已清除 {{count}} 条偏差',
    empty: '没有偏差：所有已检查的应答都符合契约。',
    stats: '已检查 {{checked}} 个应答，{{matching}} 个符合；未检查 {{notChecked}} 个（二进制 {{binary}}，过大 {{truncated}}，不在契约中 {{notInContract}}，非平台应答 {{notPlatform}}，高负载时跳过 {{dropped}}，超出每秒抽样 {{sampledOut}}）。',
    droppedKeys: '另有 {{count}} 条偏差因列表已满未记录。请在平台团队拿到导出文件后重置。',
    columns: { endpoint: '接口', field: '字段', kind: '类型', expected: '契约要求', seen: '实际', count: '次数', firstSeen: '首次出现', lastSeen: '最近出现', example: '示例' },
    kinds: { envelope: '响应结构', missing: '缺少字段', type: '类型不符', enum: '未知取值', constraint: '超出范围', unknown: '未知字段' },
    body: '（整个响应）',
    open: '查看',
    exampleTitle: '示例：{{endpoint}} {{field}}',
    exampleStatus: 'HTTP 状态码 {{status}}',
    exampleQuery: '查询参数：{{query}}',
    exampleTrimmed: '示例过大，仅保留该字段附近的内容。',
    logName: '契约偏差',
    logMore: '……另有 {{count}} 条契约偏差，请到 系统管理 › 契约偏差 查看',
    marker: {
      mock: '模拟',
      mockLong: '此页面的数据来自模拟服务，而非平台',
      replay: '回放',
      replayLong: '此页面的数据来自录制回放，而非平台',
    },
  },
};
