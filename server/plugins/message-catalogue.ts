/**
 * The message catalogue of localize.ts (issue 15 item 1): every text the server writes after a
 * field prefix (`<field>: <text>`), as an anchored pattern and its zh_CN template; English answers
 * keep the text as written. Captured values stay as they are; captured entity titles go through
 * `t.title` (the contract's `title`), captured field names through `t.label`, nested texts through
 * `t.text`. Add a pattern here when you write a new message (tests/server/messages.test.ts fails on
 * a refusal it cannot translate).
 */

export type Lang = 'zh_CN' | 'en';

export interface Tools {
  lang: Lang;
  /** Translated label of a field path (`typeName`, `list.3.url`). */
  label(path: string): string;
  /** Translated entity title from its English title ("goods category"). */
  title(en: string): string;
  /** Translates a nested text (a part of the message) through the catalogue. */
  text(s: string): string;
}

type Entry = readonly [RegExp, (m: RegExpExecArray, t: Tools) => string];

/**
 * Endings some reports put after their last part ("…; and 3 more. Nothing was imported."): taken off
 * before the parts are translated and put back translated.
 */
export const TAILS: readonly Entry[] = [
  [/(?:; and (\d+) more)?\. Nothing was imported\.$/, (m) => `${m[1] ? `；另有 ${m[1]} 处问题` : ''}。未导入任何数据。`],
];

/** Separator of several field-named parts. */
export const JOIN: Record<Lang, string> = { zh_CN: '；', en: '; ' };

/** Labels of fields no resource declares (sign-in, uploads, request parts). */
export const EXTRA_LABELS: Record<Lang, Record<string, string>> = {
  zh_CN: {
    username: '账号', password: '密码', captchaCode: '验证码', captchaToken: '验证码', token: '验证码凭据', file: '文件', files: '文件',
    ids: '所选记录', id: '记录', body: '请求体', path: '路径', querystring: '查询参数', query: '查询参数', permission: '权限',
    oldPassword: '原密码', newPassword: '新密码', pageNum: '页码', pageSize: '每页条数', list: '列表', codes: '兑换码', delta: '数量变化',
    itemId: '订单明细', latencyMs: '延迟（毫秒）', httpStatus: 'HTTP 状态码', envelopeCode: '响应码', drop: '断开连接', startDate: '开始日期', endDate: '结束日期',
    amount: '金额', auditRemark: '审核意见', reason: '原因', goodsId: '商品', memberIds: '会员', gradeIds: '会员等级', roleIds: '角色', images: '图片', image: '图片',
    after: '起始编号',
  },
  en: {
    username: 'Account', password: 'Password', captchaCode: 'Captcha', captchaToken: 'Captcha', token: 'Captcha token', file: 'File', files: 'Files',
    ids: 'Selected records', id: 'Record', body: 'Request body', path: 'Path', querystring: 'Query', query: 'Query', permission: 'Permission',
    oldPassword: 'Current password', newPassword: 'New password', pageNum: 'Page', pageSize: 'Page size', list: 'List', codes: 'Codes', delta: 'Change',
    itemId: 'Order item', latencyMs: 'Latency (ms)', httpStatus: 'HTTP status', envelopeCode: 'Envelope code', drop: 'Drop connection', startDate: 'Start date', endDate: 'End date',
    amount: 'Amount', auditRemark: 'Audit remark', reason: 'Reason', goodsId: 'Goods', memberIds: 'Members', gradeIds: 'Member grades', roleIds: 'Roles', images: 'Images', image: 'Image',
    after: 'After (entry id)',
  },
};

/** English words the messages use for states and kinds, in zh_CN (captured values of a pattern). */
const WORDS: Record<string, string> = {
  'awaiting payment': '待付款', 'awaiting delivery': '待发货', delivered: '已发货', completed: '已完成', cancelled: '已取消',
  'refund in progress': '退款中', refunded: '已退款', approved: '已通过', rejected: '已拒绝', sent: '已发送', revoked: '已撤回',
  'a draft': '草稿', 'already revoked': '已撤回', 'already settled': '已结算', frozen: '已冻结', closed: '已注销', normal: '正常',
  codes: '兑换码', accounts: '账号', code: '兑换码', account: '账号', card: '卡密', cards: '卡密', 'card code': '卡密', 'game account': '游戏账号',
  nothing: '（无）', day: '天', days: '天', week: '周', weeks: '周', month: '月', months: '月', hour: '小时', hours: '小时', year: '年', years: '年',
  are: '', is: '', 'merchant': '商户', 'member': '会员', 'distributor': '分销商', 'platform': '平台', 'game': '游戏',
};
const w = (s: string, t: Tools) => WORDS[s.trim()] ?? t.title(s);

/** `"x" (a and b)` → field labels of a unique set. */
const and = (s: string, t: Tools) => s.split(' and ').map((f) => t.label(f)).join('、');

/** zh_CN templates of whole texts (after the field prefix, or the whole message when it has none). */
/** The default texts of injected faults (mock/qa.ts DEFAULT_MESSAGES), without their " (injected)". */
const INJECTED: Record<string, string> = {
  'Session expired, please sign in again': '登录已过期，请重新登录',
  'Bad request': '请求有误',
  Forbidden: '没有权限',
  'Not found': '未找到',
  'Method not allowed': '不允许的请求方法',
  'Request timeout': '请求超时',
  'Internal server error': '服务器内部错误',
  'Not implemented': '未实现',
  'Bad gateway': '网关错误',
  'Service unavailable': '服务不可用',
  'Gateway timeout': '网关超时',
  'HTTP version not supported': '不支持的 HTTP 版本',
};

export const CATALOGUE: readonly Entry[] = [
  // ── Validation (ajv/TypeBox, routes/validator.ts) ──────────────────────────────────────────────
  [/^is required$/, () => '必填'],
  [/^is not allowed$/, () => '不是可接受的字段'],
  [/^must (?:NOT|not) have fewer than (\d+) characters$/, (m) => (m[1] === '1' ? '不能为空' : `至少 ${m[1]} 个字符`)],
  [/^must (?:NOT|not) have more than (\d+) characters$/, (m) => `最多 ${m[1]} 个字符`],
  [/^must (?:NOT|not) have fewer than (\d+) items$/, (m) => `至少选择 ${m[1]} 项`],
  [/^must (?:NOT|not) have more than (\d+) items$/, (m) => `最多 ${m[1]} 项`],
  [/^must (?:NOT|not) have fewer than (\d+) properties$/, (m) => `至少 ${m[1]} 个字段`],
  [/^must (?:NOT|not) have more than (\d+) properties$/, (m) => `最多 ${m[1]} 个字段`],
  [/^must (?:NOT|not) have additional properties$/, () => '含有不可接受的字段'],
  [/^must (?:NOT|not) have duplicate items.*$/, () => '不能有重复项'],
  [/^must have required propert(?:y|ies) (.+)$/, (m, t) => `缺少必填字段：${m[1].replace(/'/g, '').split(', ').map((f) => t.label(f)).join('、')}`],
  [/^must be (>=|<=|>|<) (-?[\d.]+)$/, (m) => ({ '>=': `不能小于 ${m[2]}`, '<=': `不能大于 ${m[2]}`, '>': `必须大于 ${m[2]}`, '<': `必须小于 ${m[2]}` })[m[1]]!],
  [/^must be integer$/, () => '必须是整数'],
  [/^must be number$/, () => '必须是数字'],
  [/^must be string$/, () => '必须是文本'],
  [/^must be boolean$/, () => '必须是布尔值'],
  [/^must be object$/, () => '必须是对象'],
  [/^must be array$/, () => '必须是列表'],
  [/^must be null$/, () => '必须为空'],
  [/^must be (\w+)(?:,(\w+))+$/, () => '类型不正确'],
  [/^must be equal to constant$/, () => '不是可选的值'],
  [/^must be equal to one of the allowed values$/, () => '不是可选的值'],
  [/^must match a schema in anyOf$/, () => '不是可选的值'],
  [/^must match exactly one schema in oneOf$/, () => '不是可选的值'],
  [/^must match format "?([\w-]+)"?$/, (m) => `格式不正确（${m[1]}）`],
  [/^must match pattern .*$/, () => '格式不正确'],
  [/^must be multiple of ([\d.]+)$/, (m) => `必须是 ${m[1]} 的倍数`],
  [/^must be a time 'YYYY-MM-DD HH:mm:ss'$/, () => "必须是时间 'YYYY-MM-DD HH:mm:ss'"],
  [/^must be a date 'YYYY-MM-DD'$/, () => "必须是日期 'YYYY-MM-DD'"],
  [/^must be an 11-digit mobile number$/, () => '必须是 11 位手机号码'],
  [/^must be # followed by 3 or 6 hex digits$/, () => '必须是 # 加 3 或 6 位十六进制数字'],
  [/^must be an http\(s\) URL or a path starting with \/$/, () => '必须是 http(s) 网址或以 / 开头的路径'],
  [/^must be an email address$/, () => '必须是邮箱地址'],
  [/^must not be blank$/, () => '不能为空白'],
  [/^may hold only letters, digits, - and _$/, () => '只能包含字母、数字、- 和 _'],
  [/^schema is false$/, () => '不是可接受的字段'],

  // ── Request hygiene and limits (plugins) ───────────────────────────────────────────────────────
  [/^Internal server error$/, () => '服务器内部错误'],
  [/^No such endpoint: (\w+) (\S+)$/, (m) => `接口不存在：${m[1]} ${m[2]}`],
  [/^Not found$/, () => '未找到'],
  [/^URI too long: at most (\d+) characters$/, (m) => `请求地址过长：最多 ${m[1]} 个字符`],
  [/^Service busy \(event loop (\d+) ms behind\), try again in (\d+) s$/, (m) => `服务繁忙（事件循环延迟 ${m[1]} 毫秒），请 ${m[2]} 秒后重试`],
  [/^Session expired or (?:account no longer active|not signed in)$/, () => '登录已过期或账号已停用，请重新登录'],
  [/^Gateway timeout: the platform did not answer within (\d+) ms$/, (m) => `网关超时：平台在 ${m[1]} 毫秒内未响应`],
  [/^Bad gateway: the platform cannot be reached$/, () => '网关错误：无法连接平台'],
  [/^Bad gateway: the mock could not answer for the platform$/, () => '网关错误：模拟服务无法代替平台响应'],
  [/^No recording for (\w+) (\S+)$/, (m) => `没有录制的响应：${m[1]} ${m[2]}`],
  [/^must not contain "\." or "\.\." segments \(encoded or not\)$/, () => '不能包含“.”或“..”路径段（无论是否编码）'],
  [/^must not contain control characters$/, () => '不能包含控制字符'],
  [/^is percent-encoded too many times$/, () => '百分号编码层数过多'],
  [/^Injected fault$/, () => '注入的故障'],
  // The QA fault defaults per HTTP status (mock/qa.ts), which a list's failed reload shows as a toast.
  [/^(.+) \(injected\)$/, (m) => (INJECTED[m[1]] ? `${INJECTED[m[1]]}（注入）` : m[0])],
  [/^Injected envelope code (\d+)$/, (m) => `注入的响应码 ${m[1]}`],
  [/^Unexpected end of JSON input$/, () => '请求体不是完整的 JSON'],
  [/^Body cannot be empty when content-type is set to 'application\/json'$/, () => '内容类型为 JSON 时请求体不能为空'],
  [/^Unexpected token .*JSON.*$/, () => '请求体不是有效的 JSON'],
  [/^.*is not valid JSON.*$/, () => '请求体不是有效的 JSON'],
  [/^Unsupported Media Type(?:: ?(.*))?$/, (m) => `不支持的内容类型${m[1] ? `：${m[1]}` : ''}`],
  [/^must not contain control characters \(only tab and newline are allowed\)$/, () => '不能包含控制字符（只允许制表符和换行）'],
  [/^must be valid Unicode text \(it holds a lone surrogate\)$/, () => '必须是有效的 Unicode 文本（含有孤立的代理字符）'],
  [/^is nested deeper than (\d+) levels$/, (m) => `嵌套超过 ${m[1]} 层`],
  [/^Request body is too large$/, () => '请求体过大'],
  [/^Request body size did not match Content-Length$/, () => '请求体长度与 Content-Length 不符'],
  [/^Body is not valid JSON but content-type is set to 'application\/json'$/, () => '请求体不是有效的 JSON'],

  // ── Sign-in and captcha (routes/admin.ts, accounts.ts, permissions.ts) ────────────────────────
  [/^wrong account or password$/, () => '账号或密码错误'],
  [/^this account is disabled$/, () => '该账号已停用'],
  [/^wrong or expired captcha, try the new one$/, () => '验证码错误或已过期，请输入新的验证码'],
  [/^captcha expired or unknown, fetch a new one$/, () => '验证码已过期或不存在，请重新获取'],
  [/^too many sign-ins in progress, try again in a minute$/, () => '进行中的登录过多，请一分钟后重试'],
  [/^Too many sign-in attempts from this address; try again in (\d+) s$/, (m) => `此地址登录尝试过多，请 ${m[1]} 秒后重试`],
  [/^too many failed sign-ins for this account; try again in (\d+) s$/, (m) => `该账号登录失败次数过多，请 ${m[1]} 秒后重试`],
  [/^sign in first$/, () => '请先登录'],
  [/^wrong password$/, () => '密码错误'],
  [/^must differ from the current password$/, () => '不能与当前密码相同'],
  [/^no console account (.+)$/, (m) => `控制台账号 ${m[1]} 不存在`],
  [/^change your own password on the change-password screen, with your current one$/, () => '请在修改密码页面用当前密码修改自己的密码'],
  [/^(.+) is not among the resources of your roles; ask an administrator$/, (m) => `${m[1]} 不在您角色的资源中，请联系管理员`],

  // ── Generic CRUD and store (store/crud.ts) ─────────────────────────────────────────────────────
  [/^no ([a-z][a-z ]*?) with id ([\d, ]+)$/, (m, t) => `不存在 ID 为 ${m[2]} 的${t.title(m[1])}`],
  [/^no message ([\d, ]+) addressed to you$/, (m) => `没有发给您的消息 ${m[1]}`],
  [/^"(.*)" is already used by ([a-z][a-z ]*?) (\d+)(?: \((.*?)\))?(?: \(same (.+)\))?$/s, (m, t) =>
    `“${m[1]}”已被${t.title(m[2])} ${m[3]}${m[4] !== undefined ? `（${m[4]}）` : ''}使用${m[5] ? `（${and(m[5], t)}相同）` : ''}`],
  [/^(.+) is used by (\d+) ([a-z][a-z ]*?) records? \((\w+) of (.+?)(, …)?\); change or delete them first$/s, (m, t) =>
    `${describeZh(m[1], t)}正被 ${m[2]} 条${t.title(m[3])}使用（${describeZh(m[5], t)} 的${t.label(m[4])}${m[6] ? ' 等' : ''}），请先修改或删除它们`],
  [/^required when (\w+) is (\S+) \((.+)\)$/, (m, t) => `${t.label(m[1])}为 ${m[2]}（${w(m[3], t)}）时必填`],
  [/^not allowed when (\w+) is (\S+)$/, (m, t) => `${t.label(m[1])}为 ${m[2]} 时不可填写`],
  [/^must not be before (\w+) \((.+)\)$/, (m, t) => `不能早于${t.label(m[1])}（${m[2]}）`],
  [/^must not be before (\w+)$/, (m, t) => `不能早于${t.label(m[1])}`],
  [/^the range may span at most ten years$/, () => '日期范围最多十年'],
  [/^must not be in the past \(now (.+)\)$/, (m) => `不能早于当前时间（现在 ${m[1]}）`],
  [/^must not be below price \((\d+) cents\)$/, (m) => `不能低于售价（${m[1]} 分）`],
  [/^must not be above versionCode \((\d+)\)$/, (m, t) => `不能高于${t.label('versionCode')}（${m[1]}）`],
  [/^must be above (\d+), the current release (.+) of this platform$/, (m) => `必须大于本平台当前版本 ${m[2]} 的 ${m[1]}`],
  [/^must be newer than (.+), the current release of this platform$/, (m) => `必须新于本平台当前版本 ${m[1]}`],
  [/^must be more than 0 cents$/, () => '必须大于 0 分'],
  [/^must not be 0$/, () => '不能为 0'],
  [/^at most (\d+) cents$/, (m) => `最多 ${m[1]} 分`],
  [/^must be below the threshold \((\d+) cents\)$/, (m) => `必须低于门槛（${m[1]} 分）`],
  [/^must be at least (\d+), the threshold of lower grade (.+)$/, (m) => `不能低于下一级等级 ${m[2]} 的门槛 ${m[1]}`],
  [/^must be at most (\d+), the threshold of higher grade (.+)$/, (m) => `不能高于上一级等级 ${m[2]} 的门槛 ${m[1]}`],
  [/^(\d+) (\w+?)s? is more than (\d+)(.*)$/s, (m, t) => `${m[1]} 个${w(m[2], t)}超过上限 ${m[3]}${m[4] ? `（${m[4].replace(/^[;,.]\s*/, '')}）` : ''}`],

  // ── Uploads and spreadsheets (routes/upload.ts, actions.ts, store/sheet.ts) ────────────────────
  [/^larger than (\d+) MB$/, (m) => `超过 ${m[1]} MB`],
  [/^at most (\d+) files per upload$/, (m) => `每次最多上传 ${m[1]} 个文件`],
  [/^no file in the form(?: \(field "(.+)"\))?$/, (m) => `表单中没有文件${m[1] ? `（字段 "${m[1]}"）` : ''}`],
  [/^send one file only$/, () => '只能上传一个文件'],
  [/^too many imports are running; try again in a minute$/, () => '正在进行的导入过多，请一分钟后再试'],
  [/^not an \.xlsx spreadsheet \(it was sent as (.+); save it as Excel Workbook \.xlsx and try again\)$/, (m) => `不是 .xlsx 表格（上传类型为 ${m[1]}；请另存为 Excel 工作簿 .xlsx 后重试）`],
  [/^not an \.xlsx spreadsheet \("(.*)"; save it as Excel Workbook \.xlsx and try again\)$/, (m) => `不是 .xlsx 表格（"${m[1]}"；请另存为 Excel 工作簿 .xlsx 后重试）`],
  [/^QA controls are switched off on this server$/, () => '此服务器已关闭 QA 控制'],
  [/^send the (?:file|images) as multipart\/form-data (?:field|parts named) "(.+)"$/, (m) => `请以 multipart/form-data 的 "${m[1]}" 字段上传`],
  [/^files go in parts named "(.+)"$/, (m) => `文件须放在名为 "${m[1]}" 的字段中`],
  [/^the upload could not be read \((.*)\)$/s, (m) => `无法读取上传内容（${m[1]}）`],
  [/^declared as (.+) but the content is (.+)$/, (m) => `声明为 ${m[1]}，但实际内容是 ${m[2]}`],
  [/^only PNG, JPEG, WebP or GIF images are accepted \(this file is (.+)\)$/, (m) => `只接受 PNG、JPEG、WebP 或 GIF 图片（此文件为 ${m[1]}）`],
  [/^the file is empty$/, () => '文件为空'],
  [/^not an \.xlsx spreadsheet \(save it as Excel Workbook \.xlsx and try again\)$/, () => '不是 .xlsx 表格（请另存为 Excel 工作簿 .xlsx 后重试）'],
  [/^the sheet is empty; use the template$/, () => '表格为空，请使用模板'],
  [/^the sheet has no rows to import$/, () => '表格中没有可导入的行'],
  [/^column "(.+)" \((.+)\) is missing from the header row; use the template$/, (m) => `表头缺少“${m[1]}”列，请使用模板`],
  [/^(\d+) rows is more than the (\d+) an import takes; split the file$/, (m) => `${m[1]} 行超过单次导入上限 ${m[2]} 行，请拆分文件`],
  [/^(\d+) of (\d+) rows are bad, nothing was imported\. ([\s\S]*?)(?:; also rows ([\d, ]+))?$/, (m, t) =>
    `${m[2]} 行中有 ${m[1]} 行有误，未导入任何数据。${rowsZh(m[3], t)}${m[4] ? `；另有第 ${m[4]} 行` : ''}`],
  [/^distributor (.+) may hold (\d+) more codes \(quota (\d+)\)(.*)$/s, (m) => `分销商 ${m[1]} 还可持有 ${m[2]} 个兑换码（配额 ${m[3]}）${m[4] ? '，超出配额' : ''}`],
  [/^(\S+) \((\w+)\)( "[^"]*"| \d+)?:? ((?:(?!; (?:row \d+|[\w.]+): ).)+)$/, (m, t) => `${m[1]}${m[3] ? ` ${m[3].trim()} ` : ''}${rowPredicate(m[4], t)}`],
  [/^"(.*)" already exists(; nothing was imported)?$/s, (m) => `“${m[1]}”已存在${m[2] ? '，未导入任何数据' : ''}`],
  [/^"(.*)" repeats (list\.\d+)$/, (m, t) => `“${m[1]}”与${t.label(m[2])}重复`],
  [/^"(.*)" would be used by resources (\d+) and (\d+)$/, (m) => `“${m[1]}”将同时被资源 ${m[2]} 和 ${m[3]} 使用`],
  [/^relation (\d+) repeats (list\.\d+)$/, (m, t) => `关联 ${m[1]} 与${t.label(m[2])}重复`],

  // ── QA faults (mock/qa.ts) ─────────────────────────────────────────────────────────────────────
  [/^choose one of httpStatus, envelopeCode or drop$/, () => 'HTTP 状态码、响应码与断开连接只能选一个'],
  [/^a fault needs latencyMs, httpStatus, envelopeCode or drop$/, () => '故障需要延迟、HTTP 状态码、响应码或断开连接之一'],
  [/^(\S+) has passed$/, (m) => `${m[1]} 已过`],

  // ── Domain refusals of the areas (server/mock/hooks, routes) ───────────────────────────────────
  [/^give the reason for refusing the (application|refund)$/, (m) => `请填写拒绝${m[1] === 'refund' ? '退款' : '申请'}的原因`],
  [/^give the reason for flagging the order$/, () => '请填写标记订单的原因'],
  [/^say why the comment is hidden$/, () => '请说明隐藏评论的原因'],
  [/^say what failed in the check$/, () => '请说明检查未通过的原因'],
  [/^a discount coupon pays 1-99 percent$/, () => '折扣券的折扣须为 1–99%'],
  [/^choose at least one (member grade|member)$/, (m) => `请至少选择一个${m[1] === 'member' ? '会员' : '会员等级'}`],
  [/^a member cannot invite themselves$/, () => '会员不能邀请自己'],
  [/^only a super administrator can give the super administrator role$/, () => '只有超级管理员可以授予超级管理员角色'],
  [/^you cannot give roles to the account you are signed in with$/, () => '不能给当前登录的账号分配角色'],
  [/^only a super administrator can create super roles$/, () => '只有超级管理员可以创建超级角色'],
  [/^you cannot disable the account you are signed in with$/, () => '不能停用当前登录的账号'],
  [/^the super administrator role cannot be disabled or renamed$/, () => '超级管理员角色不能停用或改名'],
  [/^"(.+)" is the super administrator role, which exists once$/, (m) => `“${m[1]}”是超级管理员角色，只能有一个`],
  [/^(.+) is the last super administrator(.*)$/s, (m) => `${m[1]} 是最后一位超级管理员，不能移除`],
  [/^role (\d+) \((.+)\) is the super administrator role and cannot be deleted$/, (m) => `角色 ${m[1]}（${m[2]}）是超级管理员角色，不能删除`],
  [/^role (\d+) \((.+)\) is one you hold(.*)$/s, (m) => `角色 ${m[1]}（${m[2]}）是您持有的角色，不能删除或停用`],
  [/^admin (\d+) \((.+)\) is the account you are signed in with$/, (m) => `管理员 ${m[1]}（${m[2]}）是当前登录的账号`],
  [/^a new rental account starts unlisted \(0\) or frozen \(3\) until verified$/, () => '新租号账号在审核前只能是未上架（0）或冻结（3）'],
  [/^an account is rented out only by a rental order$/, () => '账号只能通过租号订单出租'],
  [/^codes are redeemed by members, not set redeemed$/, () => '兑换码由会员兑换，不能直接设为已兑换'],
  [/^hide a comment with a reason \(\/v1\/comment\/moderate\)$/, () => '隐藏评论须填写原因（/v1/comment/moderate）'],
  [/^reply with \/v1\/feedback\/replay to mark a feedback replied$/, () => '请通过回复（/v1/feedback/replay）将反馈标为已回复'],
  [/^nothing delivered as codes or accounts$/, () => '没有以兑换码或账号发放的商品'],
  [/^at most (\d+) cents can be refunded on order (\S+)$/, (m) => `订单 ${m[2]} 最多可退 ${m[1]} 分`],
  [/^at most the requested (\d+) cents can be approved$/, (m) => `最多可批准申请的 ${m[1]} 分`],
  [/^member (\d+) can withdraw at most (\d+) cents \(balance (-?\d+), pending (\d+)\)$/, (m) => `会员 ${m[1]} 最多可提现 ${m[2]} 分（余额 ${m[3]}，待处理 ${m[4]}）`],
  [/^member (\d+) has (-?\d+) cents, (\d+) needed$/, (m) => `会员 ${m[1]} 余额 ${m[2]} 分，需要 ${m[3]} 分`],
  [/^member (\d+) has (-?\d+) points$/, (m) => `会员 ${m[1]} 只有 ${m[2]} 积分`],
  [/^coupon (\d+) is disabled$/, (m) => `优惠券 ${m[1]} 已停用`],
  [/^coupon (\d+) is valid from (.+) to (.+)$/, (m) => `优惠券 ${m[1]} 的有效期为 ${m[2]} 至 ${m[3]}`],
  [/^all (\d+) of coupon (\d+) are given out$/, (m) => `优惠券 ${m[2]} 的 ${m[1]} 张已全部发放`],
  [/^member (\d+) has reached the limit of (\d+) for coupon (\d+)$/, (m) => `会员 ${m[1]} 已达优惠券 ${m[3]} 的每人限额 ${m[2]} 张`],
  [/^member (\d+) is (frozen|closed)(.*)$/s, (m, t) => `会员 ${m[1]} ${w(m[2], t)}`],
  [/^member (\d+) is already (.+)$/, (m, t) => `会员 ${m[1]} 已是${w(m[2], t)}状态`],
  [/^member (\d+) no longer has (\d+) cents \(balance (-?\d+)\)(.*)$/s, (m) => `会员 ${m[1]} 余额已不足 ${m[2]} 分（余额 ${m[3]}）`],
  [/^refund (\S+) is already decided$/, (m) => `退款 ${m[1]} 已处理`],
  [/^application (\d+) is already (approved|rejected)$/, (m, t) => `申请 ${m[1]} ${w(m[2], t)}`],
  [/^goods (\d+) still has (\d+) unsold codes or accounts$/, (m) => `商品 ${m[1]} 仍有 ${m[2]} 个未售兑换码或账号`],
  [/^goods (\d+) has (\d+) unsold items(.*)$/s, (m) => `商品 ${m[1]} 只有 ${m[2]} 个未售库存`],
  [/^goods (\d+) has (\d+) voided, unexpired items to return to sale(.*)$/s, (m) => `商品 ${m[1]} 只有 ${m[2]} 个已作废且未过期、可重新上架的库存`],
  [/^goods (\d+) is delivered by hand or top-up and keeps no stock$/, (m) => `商品 ${m[1]} 为人工或充值发货，不设库存`],
  [/^goods (\d+) keeps no stock \(delivered by hand or top-up\)$/, (m) => `商品 ${m[1]} 不设库存（人工或充值发货）`],
  [/^goods (\d+) is not delivered automatically$/, (m) => `商品 ${m[1]} 不是自动发货`],
  [/^goods (\d+) is not delivered as (.+?)s$/, (m, t) => `商品 ${m[1]} 不以${w(m[2], t)}发货`],
  [/^(.+) has (\d+) unsold (codes|accounts), (\d+) needed(.*)$/s, (m, t) => `${m[1]} 只有 ${m[2]} 个未售${w(m[3], t)}，需要 ${m[4]} 个`],
  [/^(.+): this kind of goods cannot be refunded$/, (m) => `${m[1]}：此类商品不能退款`],
  [/^code (\S+) was redeemed and can no longer change$/, (m) => `兑换码 ${m[1]} 已兑换，不能再修改`],
  [/^codes of order (\S+) were already extracted \((.+)\)$/, (m) => `订单 ${m[1]} 的兑换码已提取（${m[2]}）`],
  [/^feedback (\d+) is closed(.*)$/s, (m) => `反馈 ${m[1]} 已关闭`],
  [/^(.+?) (\d+) belongs to order (\d+)(.*)$/s, (m, t) => `${w(m[1], t)} ${m[2]} 属于订单 ${m[3]}${m[4] ? '，不能单独修改或删除' : ''}`],
  [/^navigation entry (\d+) has children(.*)$/s, (m) => `导航项 ${m[1]} 下还有子项`],
  [/^order (\S+) has nothing delivered as codes or accounts to reissue$/, (m) => `订单 ${m[1]} 没有可补发的兑换码或账号`],
  [/^order (\S+) has no item (\d+) delivered as codes or accounts$/, (m) => `订单 ${m[1]} 没有以兑换码或账号发放的明细 ${m[2]}`],
  [/^order (\S+) is blocked by risk control(.*)$/s, (m) => `订单 ${m[1]} 已被风控拦截`],
  [/^order (\d+) \((\S+)\) is not cancelled(.*)$/s, (m) => `订单 ${m[1]}（${m[2]}）未取消，不能删除`],
  [/^order (\S+) is (awaiting payment|awaiting delivery|delivered|completed|cancelled|refund in progress|refunded)(.*)$/s, (m, t) => `订单 ${m[1]} 状态为${w(m[2], t)}，不能执行此操作`],
  [/^refunds of order (\S+) closed at (.+), (\d+) hours after payment \((.+)\)$/, (m) => `订单 ${m[1]} 的退款已于 ${m[2]} 截止（付款后 ${m[3]} 小时，${m[4]}）`],
  [/^rental account (\d+) is rented out(.*)$/s, (m) => `租号账号 ${m[1]} 正在出租中`],
  [/^rental account (\d+) is frozen(.*)$/s, (m) => `租号账号 ${m[1]} 已冻结`],
  [/^rental account (\d+) is not verified(.*)$/s, (m) => `租号账号 ${m[1]} 未通过审核`],
  [/^rental account (\d+) must be verified before it is listed$/, (m) => `租号账号 ${m[1]} 须先通过审核才能上架`],
  [/^station message (\d+) is (a draft|already revoked)(.*)$/s, (m, t) => `站内信 ${m[1]} 是${w(m[2], t)}`],
  [/^station message (\d+) was already (sent|revoked)$/, (m, t) => `站内信 ${m[1]} ${w(m[2], t)}`],
  [/^station message (\d+) was (sent|revoked)(.*)$/s, (m, t) => `站内信 ${m[1]} ${w(m[2], t)}，不能修改`],
  [/^station message (\d+) is sent(.*)$/s, (m) => `站内信 ${m[1]} 已发送，不能删除`],
  [/^wallet record (\d+) is not a pending withdrawal$/, (m) => `钱包记录 ${m[1]} 不是待处理的提现`],
  [/^comment (\d+) is hidden(.*)$/s, (m) => `评论 ${m[1]} 已隐藏`],
  [/^(merchant|rental) income (\d+) is (already settled|frozen)$/, (m, t) => `${m[1] === 'merchant' ? '商户' : '租号'}收入 ${m[2]} ${w(m[3], t)}`],
  [/^only unsold items can be voided(.*)$/s, () => '只有未售库存可以作废'],
  [/^only unused codes can be voided(.*)$/s, () => '只有未使用的兑换码可以作废'],
  [/^report ([\d, ]+) (?:are|is) already resolved(.*)$/s, (m) => `举报 ${m[1]} 已处理`],
  [/^(.+?) (\d+) still has children \((\d+)\)(.*)$/s, (m, t) => `${w(m[1], t)} ${m[2]} 下还有子项（${m[3]}）`],
  [/^(.+?) (\d+) belongs to order (\d+) and cannot be deleted$/, (m, t) => `${w(m[1], t)} ${m[2]} 属于订单 ${m[3]}，不能删除`],
  [/^(.+?) (\d+) is itself a child(.*)$/s, (m, t) => `${w(m[1], t)} ${m[2]} 本身是子项`],
  [/^navigation entry (\d+) is a child of (\d+)(.*)$/s, (m) => `导航项 ${m[1]} 是 ${m[2]} 的子项`],
  [/^a (.+) cannot be its own parent$/, (m, t) => `${w(m[1], t)}不能是自己的上级`],
  [/^a new (.+) can only be unsold or void$/, (m, t) => `新的${w(m[1], t)}只能是未售或作废`],
  [/^only orders lock or sell a (.+)$/, (m, t) => `只有订单可以锁定或售出${w(m[1], t)}`],
  [/^no resource with id (\d+)$/, (m) => `不存在 ID 为 ${m[1]} 的资源`],
];

/** What a spreadsheet row problem says about one cell ("is empty", "repeats row 4"…). */
const ROW_PREDICATES: Entry[] = [
  [/^is required$/, () => '必填'],
  [/^is empty$/, () => '为空'],
  [/^is empty and no (\w+) was sent with the file$/, (m, t) => `为空，且未随文件提交${t.label(m[1])}`],
  [/^is longer than (\d+) characters$/, (m) => `超过 ${m[1]} 个字符`],
  [/^is not a whole number$/, () => '不是整数'],
  [/^is not an 11-digit mobile number$/, () => '不是 11 位手机号码'],
  [/^must be a whole number from (\d+) to (\d+)$/, (m) => `必须是 ${m[1]} 到 ${m[2]} 的整数`],
  [/^no such ([a-z ]+)$/, (m, t) => `不存在对应的${t.title(m[1])}`],
  [/^repeats row (\d+)$/, (m) => `与第 ${m[1]} 行重复`],
];
function rowPredicate(s: string, t: Tools): string {
  for (const [re, zh] of ROW_PREDICATES) {
    const m = re.exec(s);
    if (m) return zh(m, t);
  }
  return ` ${t.text(s)}`;
}

/** "feedback type 3 (充值问题)" → "反馈类型 3（充值问题）". */
function describeZh(s: string, t: Tools): string {
  const m = /^([a-z][a-z ]*?) (\d+)(?: \((.*)\))?$/s.exec(s.trim());
  return m ? `${t.title(m[1])} ${m[2]}${m[3] !== undefined ? `（${m[3]}）` : ''}` : s;
}
/** "row 3: a, b; row 4: c" in a spreadsheet report. */
function rowsZh(s: string, t: Tools): string {
  return s
    .split(/;\s(?=row \d+:)/)
    .map((r) => {
      const m = /^row (\d+): ([\s\S]*)$/.exec(r.trim());
      if (!m) return t.text(r);
      return `第 ${m[1]} 行：${m[2].split(', ').map((p) => t.text(p)).join('，')}`;
    })
    .join('；');
}
