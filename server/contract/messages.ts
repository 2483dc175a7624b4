/**
 * The catalogue of refusals: every message the server refuses a request with, as a
 * key and its template in each language. A throw site names its key, the field it is about and the
 * values (`params`); the envelope carries `{field, key, params}` beside `code` and `data`, and a `message` rendered
 * here in the request's language, so a caller reading only `message` keeps working and the console
 * renders the key in its own current language. Pure data and one pure renderer: the server and the
 * web client both read this file (no regular expressions, no sentences translated back).
 *
 * Templates: `{name}` is `params.name` as it is; `{name|label}` the label of the field path in
 * `params.name`; `{name|title}` the title of the entity named in `params.name`; `{name|word}` the
 * `word.<value>` entry of this catalogue (states and kinds); `{name|paren}` a value in brackets
 * (nothing when empty); `{name|list}` nested refusals as a list; `{name|parts}` the nested refusal(s) in
 * `params.name`, each with its own field; `{name|column}` a spreadsheet column `{header, field}`;
 * `{name|money}` an amount in cents as yuan (`¥1,213.00`, `moneyText`), which MESSAGES=raw writes as
 * `121300 cents`, and `{name|amount}` the same in yuan that raw writes as the bare number.
 * English templates keep the exact text the server wrote before keys (MESSAGES=raw answers stay
 * byte for byte the same).
 */

import { moneyText } from './money.js';

export type Lang = 'zh_CN' | 'en';
export type Template = { zh_CN: string; en: string };

export const MESSAGES = {
  // ── Validation (ajv/TypeBox keywords, server/mock/routes/validator.ts) ──────────────────────────
  'validation.required': { zh_CN: '必填', en: 'is required' },
  'validation.notAllowed': { zh_CN: '不是可接受的字段', en: 'is not allowed' },
  'validation.notEmpty': { zh_CN: '不能为空', en: 'must not have fewer than 1 characters' },
  'validation.minLength': { zh_CN: '至少 {limit} 个字符', en: 'must not have fewer than {limit} characters' },
  'validation.maxLength': { zh_CN: '最多 {limit} 个字符', en: 'must not have more than {limit} characters' },
  'validation.minItems': { zh_CN: '至少选择 {limit} 项', en: 'must not have fewer than {limit} items' },
  'validation.maxItems': { zh_CN: '最多 {limit} 项', en: 'must not have more than {limit} items' },
  'validation.minProperties': { zh_CN: '至少 {limit} 个字段', en: 'must not have fewer than {limit} properties' },
  'validation.maxProperties': { zh_CN: '最多 {limit} 个字段', en: 'must not have more than {limit} properties' },
  'validation.uniqueItems': { zh_CN: '不能有重复项', en: 'must not have duplicate items' },
  'validation.minimum': { zh_CN: '不能小于 {limit}', en: 'must be >= {limit}' },
  'validation.maximum': { zh_CN: '不能大于 {limit}', en: 'must be <= {limit}' },
  'validation.exclusiveMinimum': { zh_CN: '必须大于 {limit}', en: 'must be > {limit}' },
  'validation.exclusiveMaximum': { zh_CN: '必须小于 {limit}', en: 'must be < {limit}' },
  'validation.multipleOf': { zh_CN: '必须是 {limit} 的倍数', en: 'must be multiple of {limit}' },
  'validation.type.integer': { zh_CN: '必须是整数', en: 'must be integer' },
  'validation.type.number': { zh_CN: '必须是数字', en: 'must be number' },
  'validation.type.string': { zh_CN: '必须是文本', en: 'must be string' },
  'validation.type.boolean': { zh_CN: '必须是布尔值', en: 'must be boolean' },
  'validation.type.object': { zh_CN: '必须是对象', en: 'must be object' },
  'validation.type.array': { zh_CN: '必须是列表', en: 'must be array' },
  'validation.type.null': { zh_CN: '必须为空', en: 'must be null' },
  'validation.type': { zh_CN: '类型不正确', en: 'must be {type}' },
  'validation.enum': { zh_CN: '不是可选的值', en: 'must be equal to one of the allowed values' },
  'validation.format': { zh_CN: '格式不正确（{format}）', en: 'must match format "{format}"' },
  'validation.pattern': { zh_CN: '格式不正确', en: 'must match pattern "{pattern}"' },
  'validation.datetime': { zh_CN: "必须是时间 'YYYY-MM-DD HH:mm:ss'", en: "must be a time 'YYYY-MM-DD HH:mm:ss'" },
  'validation.date': { zh_CN: "必须是日期 'YYYY-MM-DD'", en: "must be a date 'YYYY-MM-DD'" },
  'validation.phone': { zh_CN: '必须是 11 位手机号码', en: 'must be an 11-digit mobile number' },
  'validation.hexColor': { zh_CN: '必须是 # 加 3 或 6 位十六进制数字', en: 'must be # followed by 3 or 6 hex digits' },
  'validation.url': { zh_CN: '必须是 http(s) 网址或以 / 开头的路径', en: 'must be an http(s) URL or a path starting with /' },
  'validation.email': { zh_CN: '必须是邮箱地址', en: 'must be an email address' },
  'validation.notBlank': { zh_CN: '不能为空白', en: 'must not be blank' },
  'validation.code': { zh_CN: '只能包含字母、数字、- 和 _', en: 'may hold only letters, digits, - and _' },
  'validation.invalid': { zh_CN: '不是可接受的值', en: '{detail}' },
  'validation.several': { zh_CN: '{errors|parts}', en: '{errors|parts}' },

  // ── Request hygiene, limits and gateways (server/plugins, server/modes) ─────────────────────────
  'request.controlChars': { zh_CN: '不能包含控制字符（只允许制表符和换行）', en: 'must not contain control characters (only tab and newline are allowed)' },
  'request.fieldNameControlChars': { zh_CN: '字段名不能包含控制字符（只允许制表符和换行）', en: 'a field name must not contain control characters (only tab and newline are allowed)' },
  'request.loneSurrogate': { zh_CN: '必须是有效的 Unicode 文本（含有孤立的代理字符）', en: 'must be valid Unicode text (it holds a lone surrogate)' },
  'request.fieldNameLoneSurrogate': { zh_CN: '字段名必须是有效的 Unicode 文本（含有孤立的代理字符）', en: 'a field name must be valid Unicode text (it holds a lone surrogate)' },
  'request.tooDeep': { zh_CN: '嵌套超过 {max} 层', en: 'is nested deeper than {max} levels' },
  'request.badJson': { zh_CN: '请求体不是有效的 JSON', en: '{detail}' },
  'request.emptyJson': { zh_CN: '内容类型为 JSON 时请求体不能为空', en: "Body cannot be empty when content-type is set to 'application/json'" },
  'request.unsupportedMediaType': { zh_CN: '不支持的内容类型', en: '{detail}' },
  'request.tooLarge': { zh_CN: '请求体过大', en: '{detail}' },
  'request.lengthMismatch': { zh_CN: '请求体长度与 Content-Length 不符', en: '{detail}' },
  'request.failed': { zh_CN: '请求有误', en: '{detail}' },
  'request.badPath': { zh_CN: '路径有误', en: '{detail}' },
  'request.timeout': { zh_CN: '请求超时：请求未能及时到达', en: 'Request timeout: the request did not arrive in time' },
  'request.headersTooLarge': { zh_CN: '请求头过大：网址和请求头最多 {max} 字节', en: 'Request header fields too large: the URL and headers may hold at most {max} bytes' },
  'request.unreadable': { zh_CN: '请求有误：无法读取请求', en: 'Bad request: the request could not be read' },
  'request.bodyTimeout': { zh_CN: '请求超时：{ms} 毫秒内未收到请求体', en: 'Request timeout: no part of the body arrived for {ms} ms' },
  'request.uriTooLong': { zh_CN: '请求地址过长：最多 {max} 个字符', en: 'URI too long: at most {max} characters' },
  'request.busy': { zh_CN: '服务繁忙（事件循环延迟 {lag} 毫秒），请 {wait} 秒后重试', en: 'Service busy (event loop {lag} ms behind), try again in {wait} s' },
  'request.noEndpoint': { zh_CN: '接口不存在：{method} {path}', en: 'No such endpoint: {method} {path}' },
  'request.notFound': { zh_CN: '未找到', en: 'Not found' },
  'request.wrongMethod': { zh_CN: '接口 {path} 不接受 {method} 请求，请用 {allow}', en: '{path} does not take {method}; use {allow}' },
  'request.internal': { zh_CN: '服务器内部错误', en: 'Internal server error' },
  'request.pathDots': { zh_CN: '不能包含“.”或“..”路径段（无论是否编码）', en: 'must not contain "." or ".." segments (encoded or not)' },
  'request.pathControlChars': { zh_CN: '不能包含控制字符', en: 'must not contain control characters' },
  'request.pathEncodedTooOften': { zh_CN: '百分号编码层数过多', en: 'is percent-encoded too many times' },
  'gateway.timeout': { zh_CN: '网关超时：平台在 {ms} 毫秒内未响应', en: 'Gateway timeout: the platform did not answer within {ms} ms' },
  'gateway.unreachable': { zh_CN: '网关错误：无法连接平台', en: 'Bad gateway: the platform cannot be reached' },
  'gateway.mockFailed': { zh_CN: '网关错误：模拟服务无法代替平台响应', en: 'Bad gateway: the mock could not answer for the platform' },
  'gateway.noRecording': { zh_CN: '没有录制的响应：{method} {path}', en: 'No recording for {method} {path}' },
  'gateway.unreadableAnswer': { zh_CN: '网关错误：无法读取平台的响应', en: "Bad gateway: the platform's answer could not be read" },
  'drift.notSignedIn': { zh_CN: '未登录', en: 'Not signed in' },
  'drift.noIdentity': { zh_CN: '平台无法确认您的身份', en: 'The platform could not say who you are' },
  'drift.adminsOnly': { zh_CN: '契约偏差仅供管理员查看', en: 'Contract drift is for administrators' },
  'drift.noSessions': { zh_CN: '没有可供核对的会话存储', en: 'No session store to check against' },
  'audit.adminsOnly': { zh_CN: '操作审计仅供管理员查看', en: 'The audit log is for administrators' },
  'audit.unavailable': { zh_CN: '操作审计暂时无法记录，本次操作未执行，请稍后重试', en: 'The audit trail cannot record this now; nothing was changed, try again later' },
  'audit.unreadable': { zh_CN: '操作审计暂时无法读取，请稍后重试', en: 'The audit trail cannot be read now; try again later' },
  'audit.revertNotPossible': { zh_CN: '操作审计记录 {id} 无法恢复：它不是保留了字段值的单条记录修改', en: 'audit entry {id} cannot be restored: it is not a change of one record whose values the trail keeps' },
  'audit.revertNothing': { zh_CN: '记录现在的值已与该版本相同，无需恢复', en: 'the record already holds the values of that version; nothing to restore' },
  'events.ticketInvalid': { zh_CN: '实时更新凭证无效、已使用或已过期，请重新获取', en: 'The live-update ticket is unknown, used or expired; ask for a new one' },
  'presence.unknownEntity': { zh_CN: '没有名为 {entity} 的数据类型', en: 'no entity named {entity}' },
  'presence.notReadable': { zh_CN: '无权查看{entity}', en: 'you may not read {entity} records' },
  'events.unavailable': { zh_CN: '实时更新暂不可用（控制台数据库无法访问）', en: "Live updates are unavailable now (the console's database cannot be reached)" },
  'exportJob.unavailable': { zh_CN: '导出任务暂不可用（控制台数据库无法访问）', en: "Export jobs are unavailable now (the console's database cannot be reached)" },
  'exportJob.unknown': { zh_CN: '导出任务 {id} 不存在', en: 'no export job {id}' },
  'exportJob.unknownEntity': { zh_CN: '{entity} 没有可导出的列表', en: '{entity} has no list to export' },
  'exportJob.bodyTooLarge': { zh_CN: '列表请求不能超过 {max} 字节', en: 'the list request may hold at most {max} bytes' },
  'exportJob.tooManyMine': { zh_CN: '您已有 {max} 个导出任务在进行中，请等待其完成或取消后再试', en: 'you already have {max} export jobs running; wait for one to finish or cancel one' },
  'exportJob.tooManyAll': { zh_CN: '当前已有 {max} 个导出任务在进行中（服务器上限），请稍后再试', en: '{max} export jobs are running on this server (its limit); try again later' },
  'exportJob.tooManyRows': { zh_CN: '该筛选共 {total} 行，超过单个导出任务的上限 {max} 行，请缩小筛选范围', en: 'this filter holds {total} rows, more than the {max} one export job writes; narrow the filter' },
  'exportJob.quotaFull': { zh_CN: '导出文件已占满 {max} MB 的空间，请删除或等待旧的导出过期后再试', en: 'export files fill their {max} MB; wait for old exports to expire' },
  'exportJob.listRefused': { zh_CN: '列表请求被拒绝：{reason}', en: 'the list refused the request: {reason}' },
  'exportJob.notCancellable': { zh_CN: '导出任务 {id} 已结束，不能取消', en: 'export job {id} has ended; it cannot be cancelled' },
  'exportJob.notEnded': { zh_CN: '导出任务 {id} 尚未结束，不能重试', en: 'export job {id} has not ended; it cannot be retried' },
  'exportJob.noFile': { zh_CN: '导出任务 {id} 没有可下载的文件', en: 'export job {id} has no file to download' },
  'exportJob.failedRestart': { zh_CN: '控制台在导出过程中重启，任务已中止', en: 'the console restarted during the export' },
  'exportJob.failedList': { zh_CN: '从第 {from} 行起的数据读取失败（已写入 {rows} 行）：{reason}', en: 'the rows from row {from} on could not be read ({rows} rows written): {reason}' },
  'exportJob.failedDisk': { zh_CN: '磁盘已满或无法写入，导出失败：{reason}', en: 'the disk is full or cannot be written: {reason}' },
  'exportJob.failedQuota': { zh_CN: '导出文件超出 {max} MB 的空间上限，导出失败', en: 'the export files went past their {max} MB; the export failed' },
  'exportJob.capped': { zh_CN: '只导出了前 {max} 行（共 {total} 行）', en: 'only the first {max} of {total} rows were written' },
  'qa.onlyInMock': { zh_CN: 'QA 控制只存在于模拟模式', en: 'QA controls exist only in mock mode' },
  'qa.off': { zh_CN: '此服务器已关闭 QA 控制', en: 'QA controls are switched off on this server' },
  'qa.oneEffect': { zh_CN: 'HTTP 状态码、响应码与断开连接只能选一个', en: 'choose one of httpStatus, envelopeCode or drop' },
  'qa.noEffect': { zh_CN: '故障需要延迟、HTTP 状态码、响应码或断开连接之一', en: 'a fault needs latencyMs, httpStatus, envelopeCode or drop' },
  'qa.injected': { zh_CN: '{what|word}（注入）', en: '{what|word} (injected)' },
  'qa.injectedFault': { zh_CN: '注入的故障', en: 'Injected fault' },
  'qa.injectedCode': { zh_CN: '注入的响应码 {code}', en: 'Injected envelope code {code}' },
  'qa.custom': { zh_CN: '{text}', en: '{text}' },

  // ── Sign-in and sessions (routes/admin.ts, accounts.ts, permissions.ts, modes) ─────────────────
  'session.expired': { zh_CN: '登录已过期或账号已停用，请重新登录', en: 'Session expired or account no longer active' },
  'session.notSignedIn': { zh_CN: '登录已过期或账号已停用，请重新登录', en: 'Session expired or not signed in' },
  'session.revokedByAdmin': { zh_CN: '您的会话已被管理员结束，请重新登录', en: 'Your session was ended by an administrator; sign in again' },
  'session.revokedElsewhere': { zh_CN: '您的会话已在另一处被结束，请重新登录', en: 'Your session was ended from another of your sessions; sign in again' },
  'session.unknown': { zh_CN: '会话 {id} 不存在或已结束', en: 'no live session {id}' },
  'session.notCurrent': { zh_CN: '不能在此结束当前会话，请使用“退出登录”', en: 'the current session is not ended here; use Sign out' },
  'session.adminsOnly': { zh_CN: '登录日志仅供管理员查看', en: 'The sign-in log is for administrators' },
  'session.unreadable': { zh_CN: '登录日志暂时无法读取，请稍后重试', en: 'The sign-in log cannot be read now; try again later' },
  'trash.unknown': { zh_CN: '回收站中没有条目 {id}', en: 'no trash entry {id}' },
  'trash.refGone': { zh_CN: '{entity|title} {recordId}{label|paren}不能恢复：它引用的{target|title} {ids} 已不存在', en: '{entity|title} {recordId}{label|paren} cannot be restored: the {target|title} {ids} it refers to is gone' },
  'trash.conflict': { zh_CN: '{entity|title} {recordId}{label|paren}不能恢复：“{value}”现已被{target|title} {otherId}{other|paren}使用', en: '{entity|title} {recordId}{label|paren} cannot be restored: "{value}" is now used by {target|title} {otherId}{other|paren}' },
  'trash.idTaken': { zh_CN: '{entity|title} {recordId}{label|paren}不能恢复：ID {id} 已被另一条{target|title}使用', en: '{entity|title} {recordId}{label|paren} cannot be restored: id {id} is taken by another {target|title}' },
  'trash.refused': { zh_CN: '{entity|title} {recordId}{label|paren}不能恢复：{reason}', en: '{entity|title} {recordId}{label|paren} cannot be restored: {reason}' },
  'trash.adminsOnly': { zh_CN: '只有管理员可以彻底删除回收站中的记录', en: 'Only administrators purge the trash' },
  'trash.unreadable': { zh_CN: '回收站暂时无法读取，请稍后重试', en: 'The trash cannot be read now; try again later' },
  'trash.noAdd': { zh_CN: '{entity|title}不能在平台上重新创建（没有新增接口）', en: '{entity|title} records cannot be re-created on the platform (it has no add)' },
  'session.signInFirst': { zh_CN: '请先登录', en: 'sign in first' },
  'session.forbidden': { zh_CN: '{what} 不在您角色的资源中，请联系管理员', en: '{what} is not among the resources of your roles; ask an administrator' },
  // ── Saved views (server/saved-views) ────────────────────────────────────────────────────────────
  'savedView.unknown': { zh_CN: '视图 {id} 不存在或您无权查看', en: 'no view {id} that you can see' },
  'savedView.notYours': { zh_CN: '共享视图只能由创建者或管理员修改或删除', en: 'a shared view is changed or deleted by its maker or an administrator only' },
  'savedView.duplicateName': { zh_CN: '此页面已有名为“{name}”的视图', en: 'you already have a view named "{name}" on this screen' },
  'savedView.tooMany': { zh_CN: '每个页面最多保存 {max} 个视图', en: 'a user keeps at most {max} views per screen' },
  'savedView.noRoles': { zh_CN: '共享视图至少要选择一个角色', en: 'a shared view names at least one role' },
  'savedView.notYourRole': { zh_CN: '只能共享给您所属的角色：{roles}', en: 'you share only with roles you hold: {roles}' },
  'savedView.otherPath': { zh_CN: '视图 {id} 不属于此页面', en: 'view {id} is not a view of this screen' },
  'savedView.unavailable': { zh_CN: '视图暂时无法保存或读取，请稍后重试', en: 'Views cannot be read or kept now; try again later' },
  // ── Preferences (server/preferences) ─────────────────────────────────────────────────────────────
  'preference.tooLarge': { zh_CN: '偏好值不能超过 {max} 字节（JSON 文本）', en: 'a preference value takes at most {max} bytes of JSON' },
  'preference.tooMany': { zh_CN: '每个用户最多保存 {max} 项偏好', en: 'a user keeps at most {max} preferences' },
  'preference.unavailable': { zh_CN: '偏好设置暂时无法保存或读取，请稍后重试', en: 'Preferences cannot be read or kept now; try again later' },
  // ── Four eyes (server/approvals) ──────────────────────────────────────────────────────────────
  'approval.sent': { zh_CN: '已提交审批（#{id}），需另一位有审批权限的用户通过后才会执行', en: 'Sent for approval (#{id}); it runs once another user with the approver permission approves it' },
  'approval.reasonRequired': { zh_CN: '此操作需要审批，请填写申请理由', en: 'this action needs an approval: give a reason for the approver' },
  'approval.unknown': { zh_CN: '审批 {id} 不存在', en: 'no approval {id}' },
  'approval.approversOnly': { zh_CN: '只有拥有审批权限的用户可以审批', en: 'Only users with the approver permission decide approvals' },
  'approval.self': { zh_CN: '不能审批自己提交的申请', en: 'you cannot decide your own request' },
  'approval.decided': { zh_CN: '审批 {id} 已处理（{status}），不能再次处理', en: 'approval {id} is already decided ({status})' },
  'approval.expired': { zh_CN: '审批 {id} 已过期（超过 {hours} 小时未处理），请申请人重新提交', en: 'approval {id} expired (not decided within {hours} hours); the requester asks again' },
  'approval.changed': { zh_CN: '申请提交后记录已被修改（{fields}），请核对后确认再次通过', en: 'the record changed since the request ({fields}); check it and confirm to approve' },
  'approval.requesterGone': { zh_CN: '申请人的会话已结束，无法以其身份执行；请申请人重新提交', en: "the requester's session has ended, so the write cannot run as them; the requester asks again" },
  'approval.unavailable': { zh_CN: '审批暂时无法保存，请稍后重试', en: 'Approvals cannot be kept now; try again later' },
  'lookup.hiddenField': { zh_CN: '您的角色只能通过选择器读取此模块：只能按 {allowed} 筛选或排序', en: 'your roles read this area through its pickers only: filter or sort by {allowed}' },
  'lookup.keywordAndLabel': { zh_CN: '选择器搜索只能使用关键字或名称筛选之一', en: 'a picker search takes the keyword or the {label} filter, not both' },
  'login.wrong': { zh_CN: '账号或密码错误', en: 'wrong account or password' },
  'login.disabled': { zh_CN: '该账号已停用', en: 'this account is disabled' },
  'login.captchaWrong': { zh_CN: '验证码错误或已过期，请输入新的验证码', en: 'wrong or expired captcha, try the new one' },
  'login.captchaUnknown': { zh_CN: '验证码已过期或不存在，请重新获取', en: 'captcha expired or unknown, fetch a new one' },
  'login.tooManyFromAddress': { zh_CN: '此地址登录尝试过多，请 {wait} 秒后重试', en: 'Too many sign-in attempts from this address; try again in {wait} s' },
  'login.tooManyForAccount': { zh_CN: '该账号登录失败次数过多，请 {wait} 秒后重试', en: 'too many failed sign-ins for this account; try again in {wait} s' },
  'password.wrong': { zh_CN: '密码错误', en: 'wrong password' },
  'password.same': { zh_CN: '不能与当前密码相同', en: 'must differ from the current password' },
  'password.noAccount': { zh_CN: '控制台账号 {username} 不存在', en: 'no console account {username}' },
  'password.resetOwn': { zh_CN: '请在修改密码页面用当前密码修改自己的密码', en: 'change your own password on the change-password screen, with your current one' },

  // ── Generic CRUD (store/crud.ts) ────────────────────────────────────────────────────────────────
  'record.idTaken': { zh_CN: 'ID {id} 已被另一条{entity|title}使用', en: 'id {id} is taken by another {entity|title}' },
  'record.notFound': { zh_CN: '不存在 ID 为 {ids} 的{entity|title}', en: 'no {entity|title} with id {ids}' },
  'record.duplicate': { zh_CN: '“{value}”已被{entity|title} {id}{label|paren}使用', en: '"{value}" is already used by {entity|title} {id}{label|paren}' },
  'record.duplicateSet': { zh_CN: '“{value}”已被{entity|title} {id}{label|paren}使用（{fields}相同）', en: '"{value}" is already used by {entity|title} {id}{label|paren} (same {fieldsEn})' },
  'record.inUse': {
    zh_CN: '{entity|title} {id}{label|paren}正被 {count} 条{from|title}使用（{from|title} {fromId}{fromLabel|paren} 的{refField|label}{more}），请先修改或删除它们',
    en: '{entity|title} {id}{label|paren} is used by {count} {from|title} {records} ({refField} of {from|title} {fromId}{fromLabel|paren}{more}); change or delete them first',
  },
  'record.stale': {
    zh_CN: '{entity|title} {id}{label|paren}已被 {by} 于 {at} 修改，你的修改未保存：请比较后再保存',
    en: '{entity|title} {id}{label|paren} was changed by {by} at {at}; your change was not saved: compare and save again',
  },
  'record.staleUnknown': {
    zh_CN: '{entity|title} {id}{label|paren}已于 {at} 被他人修改，你的修改未保存：请比较后再保存',
    en: '{entity|title} {id}{label|paren} was changed by someone else at {at}; your change was not saved: compare and save again',
  },
  'record.requiredWhen': { zh_CN: '{other|label}为 {value}（{valueName}）时必填', en: 'required when {other} is {value} ({valueNameEn})' },
  'record.notAllowedWhen': { zh_CN: '{other|label}为 {value} 时不可填写', en: 'not allowed when {other} is {value}' },
  'record.beforeStart': { zh_CN: '不能早于{start|label}（{value}）', en: 'must not be before {start} ({value})' },
  'record.ownParent': { zh_CN: '{what|word}不能是自己的上级', en: 'a {what} cannot be its own parent' },
  'record.parentIsChild': { zh_CN: '{what|word} {id} 本身是子项，只允许两级', en: '{what} {id} is itself a child; only two levels are allowed' },
  'record.noParent': { zh_CN: '不存在 ID 为 {id} 的{what|word}', en: 'no {what} with id {id}' },
  'record.hasChildren': { zh_CN: '{what|word} {id} 下还有子项（{childId}），请先删除或移动它们', en: '{what} {id} still has children ({childId}); delete or move them first' },

  // ── Uploads and spreadsheets (routes/actions.ts, routes/upload.ts, store/sheet.ts) ──────────────
  'upload.notMultipart': { zh_CN: '请以 multipart/form-data 的 "{name}" 字段上传', en: 'send the file as multipart/form-data field "{name}"' },
  'upload.imagesNotMultipart': { zh_CN: '请以 multipart/form-data 的 "{name}" 字段上传', en: 'send the images as multipart/form-data parts named "{name}"' },
  'upload.wrongPart': { zh_CN: '文件须放在名为 "{name}" 的字段中', en: 'files go in parts named "{name}"' },
  'upload.tooLarge': { zh_CN: '超过 {mb} MB', en: 'larger than {mb} MB' },
  'upload.oneFile': { zh_CN: '只能上传一个文件', en: 'send one file only' },
  'upload.fileGone': { zh_CN: '上传的文件已不存在，请重新上传：{url}', en: 'the uploaded file is gone; upload it again: {url}' },
  'upload.tooMany': { zh_CN: '每次最多上传 {max} 个文件', en: 'at most {max} files per upload' },
  'upload.unreadable': { zh_CN: '无法读取上传内容（{detail}）', en: 'the upload could not be read ({detail})' },
  'upload.noFile': { zh_CN: '表单中没有文件（字段 "{name}"）', en: 'no file in the form (field "{name}")' },
  'upload.noFiles': { zh_CN: '表单中没有文件', en: 'no file in the form' },
  'upload.empty': { zh_CN: '文件为空', en: 'the file is empty' },
  'upload.notImage': { zh_CN: '只接受 PNG、JPEG、WebP 或 GIF 图片（此文件为 {what}）', en: 'only PNG, JPEG, WebP or GIF images are accepted (this file is {what})' },
  'upload.busy': { zh_CN: '同时进行的上传过多（最多 {max} 个），请 {wait} 秒后重试', en: 'too many uploads at once (at most {max}); try again in {wait} s' },
  'upload.quotaFull': { zh_CN: '上传空间已满（{mb} MB），请稍后重试或联系管理员', en: 'the upload space is full ({mb} MB); try again later or ask an administrator' },
  'upload.mismatch': { zh_CN: '声明为 {declared}，但实际内容是 {actual}', en: 'declared as {declared} but the content is {actual}' },
  'sheet.notXlsx': { zh_CN: '不是 .xlsx 表格（请另存为 Excel 工作簿 .xlsx 后重试）', en: 'not an .xlsx spreadsheet (save it as Excel Workbook .xlsx and try again)' },
  'sheet.notXlsxType': { zh_CN: '不是 .xlsx 表格（上传类型为 {type}；请另存为 Excel 工作簿 .xlsx 后重试）', en: 'not an .xlsx spreadsheet (it was sent as {type}; save it as Excel Workbook .xlsx and try again)' },
  'sheet.notXlsxName': { zh_CN: '不是 .xlsx 表格（"{name}"；请另存为 Excel 工作簿 .xlsx 后重试）', en: 'not an .xlsx spreadsheet ("{name}"; save it as Excel Workbook .xlsx and try again)' },
  'sheet.busy': { zh_CN: '正在进行的导入过多，请一分钟后再试', en: 'too many imports are running; try again in a minute' },
  'sheet.empty': { zh_CN: '表格为空，请使用模板', en: 'the sheet is empty; use the template' },
  'sheet.noRows': { zh_CN: '表格中没有可导入的行', en: 'the sheet has no rows to import' },
  'sheet.missingColumn': { zh_CN: '表头缺少“{header}”列，请使用模板', en: 'column "{header}" ({headerEn}) is missing from the header row; use the template' },
  'sheet.tooManyRows': { zh_CN: '{rows} 行超过单次导入上限 {max} 行，请拆分文件', en: '{rows} rows is more than the {max} an import takes; split the file' },
  'sheet.tooManyParts': { zh_CN: '.xlsx 含有 {count} 个部件，超过导入上限 {max} 个', en: 'the .xlsx holds {count} parts, more than the {max} a spreadsheet import takes' },
  'sheet.unpacksTo': { zh_CN: '.xlsx 解压后为 {size}，超过导入上限 {max}，请拆分文件', en: 'the .xlsx unpacks to {size}, more than the {max} an import takes; split the file' },
  'sheet.unpacksOver': { zh_CN: '.xlsx 解压后超过导入上限 {max}，请拆分文件', en: 'the .xlsx unpacks to more than {max}, the most an import takes; split the file' },
  'sheet.rowsOver': { zh_CN: '表格超过 {max} 行的导入上限，请拆分文件', en: 'the sheet has more than {max} rows, the most an import takes; split the file' },
  'sheet.cellsOver': { zh_CN: '表格超过 {max} 个单元格的导入上限，请拆分文件', en: 'the sheet has more than {max} cells, the most an import takes; split the file' },
  'sheet.slow': { zh_CN: '表格读取超过 {seconds} 秒，请拆分文件', en: 'the sheet took longer than {seconds} s to read; split the file' },
  'sheet.tooBig': { zh_CN: '表格过大，无法读取，请拆分文件', en: 'the sheet is too large to read; split the file' },
  'sheet.fileOver': { zh_CN: '超过导入上限 {max}，请拆分文件', en: 'larger than {max}, the most an import takes; split the file' },
  'sheet.badRows': { zh_CN: '{total} 行中有 {bad} 行有误，未导入任何数据。{rows|parts}{more}', en: '{bad} of {total} rows are bad, nothing was imported. {rows|parts}{more}' },
  'sheet.alsoRows': { zh_CN: '；另有第 {rows} 行', en: '; also rows {rows}' },
  'sheet.report': { zh_CN: '{problems|parts}{more}。未导入任何数据。', en: '{problems|parts}{more}. Nothing was imported.' },
  'sheet.andMore': { zh_CN: '；另有 {count} 处问题', en: '; and {count} more' },
  'sheet.row': { zh_CN: '{problems|list}', en: '{problems|list}' },
  'sheet.cell.empty': { zh_CN: '{col|column} 为空', en: '{col|column} is empty' },
  'sheet.cell.emptyNoDefault': { zh_CN: '{col|column} 为空，且未随文件提交{col|columnLabel}', en: '{col|column} is empty and no {fallback} was sent with the file' },
  'sheet.cell.tooLong': { zh_CN: '{col|column} 超过 {max} 个字符', en: '{col|column} is longer than {max} characters' },
  'sheet.cell.notWhole': { zh_CN: '{col|column} "{value}" 不是整数', en: '{col|column} "{value}" is not a whole number' },
  'sheet.cell.notPhone': { zh_CN: '{col|column} "{value}" 不是 11 位手机号码', en: '{col|column} "{value}" is not an 11-digit mobile number' },
  'sheet.cell.range': { zh_CN: '{col|column} "{value}" 必须是 {min} 到 {max} 的整数', en: '{col|column} "{value}" must be a whole number from {min} to {max}' },
  'sheet.cell.noSuch': { zh_CN: '{col|column} {value} 不存在对应的{entity|title}', en: '{col|column} {value}: no such {entity|title}' },
  'sheet.cell.unknownGoods': { zh_CN: '{col|column} {value} 不存在对应的商品', en: '{col|column} {value}: unknown goods' },
  'sheet.cell.wrongDelivery': { zh_CN: '{col|column} {value}：商品“{name}”不以{what|word}发货', en: '{col|column} {value}: goods "{name}" is not delivered as {what|word}' },
  'sheet.cell.badCode': { zh_CN: '{col|column} "{value}" 只能包含字母、数字、- 和 _（最多 64 个）', en: '{col|column} "{value}" may hold only letters, digits, - and _ (64 at most)' },
  'sheet.cell.exists': { zh_CN: '{col|column} "{value}" 已存在（重复）', en: '{col|column} "{value}" already exists (duplicate code)' },
  'sheet.cell.accountExists': { zh_CN: '{col|column} "{value}" 在该商品下已存在（重复账号）', en: '{col|column} "{value}" already exists for this goods (duplicate account)' },
  'sheet.cell.repeats': { zh_CN: '{col|column} "{value}" 与第 {row} 行重复', en: '{col|column} "{value}" repeats row {row}' },
  'sheet.cell.passwordLength': { zh_CN: '{col|column} 须为 6 到 64 个字符', en: '{col|column} must be 6 to 64 characters' },
  'sheet.cell.notEmail': { zh_CN: '{col|column} "{value}" 不是邮箱地址', en: '{col|column} "{value}" is not an email address' },
  'sheet.cell.notYuan': { zh_CN: '{col|column} "{value}" 不是以元为单位的金额', en: '{col|column} "{value}" is not an amount in yuan' },
  'sheet.cell.notTime': { zh_CN: '{col|column} "{value}" 不是时间（YYYY-MM-DD HH:mm:ss）', en: '{col|column} "{value}" is not a time (YYYY-MM-DD HH:mm:ss)' },
  'sheet.cell.passed': { zh_CN: '{col|column} {value} 已过', en: '{col|column} {value} has passed' },

  // ── Domain refusals by area (server/mock/areas, server/mock/hooks) ──────────────────────────────
  'time.passed': { zh_CN: '{value} 已过', en: '{value} has passed' },
  'time.inPast': { zh_CN: '不能早于当前时间（现在 {now}）', en: 'must not be in the past (now {now})' },
  'range.tenYears': { zh_CN: '日期范围最多十年', en: 'the range may span at most ten years' },
  'range.tooManyBuckets': { zh_CN: '{count} 个{unit|word}超过上限 {max}，请缩短范围或选择更粗的粒度', en: '{count} {unit}s is more than {max}; choose a shorter range or a coarser granularity' },
  'money.atMost': { zh_CN: '最多 {max|money}', en: 'at most {max|money}' },
  'money.positive': { zh_CN: '必须大于 0', en: 'must be more than 0 cents' },
  'goods.belowPrice': { zh_CN: '不能低于售价（{price|money}）', en: 'must not be below price ({price|money})' },
  'goods.hasStock': { zh_CN: '商品 {id} 仍有 {count} 个未售兑换码或账号', en: 'goods {id} still has {count} unsold codes or accounts' },
  'coupon.discount': { zh_CN: '折扣券的折扣须为 1–99%', en: 'a discount coupon pays 1-99 percent' },
  'coupon.belowThreshold': { zh_CN: '必须低于门槛（{threshold|money}）', en: 'must be below the threshold ({threshold|money})' },
  'coupon.disabled': { zh_CN: '优惠券 {id} 已停用', en: 'coupon {id} is disabled' },
  'coupon.outOfPeriod': { zh_CN: '优惠券 {id} 的有效期为 {from} 至 {to}', en: 'coupon {id} is valid from {from} to {to}' },
  'coupon.givenOut': { zh_CN: '优惠券 {id} 的 {total} 张已全部发放', en: 'all {total} of coupon {id} are given out' },
  'coupon.limit': { zh_CN: '会员 {member} 已达优惠券 {id} 的每人限额 {limit} 张', en: 'member {member} has reached the limit of {limit} for coupon {id}' },
  'audience.grades': { zh_CN: '请至少选择一个会员等级', en: 'choose at least one member grade' },
  'audience.members': { zh_CN: '请至少选择一个会员', en: 'choose at least one member' },
  'stationMsg.sentNoEdit': { zh_CN: '站内信 {id} {status|word}，不能修改，只能撤回', en: 'station message {id} was {status}; a sent message cannot be edited, only revoked' },
  'stationMsg.sentNoDelete': { zh_CN: '站内信 {id} 已发送，请先撤回再删除', en: 'station message {id} is sent; revoke it before deleting it' },
  'stationMsg.alreadyDone': { zh_CN: '站内信 {id} {status|word}', en: 'station message {id} was already {status}' },
  'stationMsg.notSent': { zh_CN: '站内信 {id} 是{status|word}，只有已发送的站内信可以撤回', en: 'station message {id} is {status}; only sent messages can be revoked' },
  'member.selfInvite': { zh_CN: '会员不能邀请自己', en: 'a member cannot invite themselves' },
  'grade.belowLower': { zh_CN: '不能低于下一级等级 {grade} 的门槛 {min}', en: 'must be at least {min}, the threshold of lower grade {grade}' },
  'grade.aboveHigher': { zh_CN: '不能高于上一级等级 {grade} 的门槛 {max}', en: 'must be at most {max}, the threshold of higher grade {grade}' },
  'member.inactive': { zh_CN: '会员 {id} {status|word}', en: 'member {id} is {status}' },
  'member.closedNoChange': { zh_CN: '会员 {id} 已注销，已注销的账号不能冻结或启用', en: 'member {id} is closed; a closed account cannot be frozen or enabled' },
  'member.alreadyStatus': { zh_CN: '会员 {id} 已是{status|word}状态', en: 'member {id} is already {status}' },
  'wallet.short': { zh_CN: '会员 {id} 余额 {balance|money}，需要 {needed|amount}', en: 'member {id} has {balance|money}, {needed|amount} needed' },
  'wallet.withdrawMax': { zh_CN: '会员 {id} 最多可提现 {max|money}（余额 {balance|amount}，待处理 {pending|amount}）', en: 'member {id} can withdraw at most {max|money} (balance {balance|amount}, pending {pending|amount})' },
  'wallet.notPendingWithdraw': { zh_CN: '钱包记录 {id} 不是待处理的提现', en: 'wallet record {id} is not a pending withdrawal' },
  'wallet.noLonger': { zh_CN: '会员 {id} 余额已不足 {amount|money}（余额 {balance|amount}），请拒绝该提现', en: 'member {id} no longer has {amount|money} (balance {balance|amount}); reject the withdrawal' },
  'wallet.points': { zh_CN: '会员 {id} 只有 {points} 积分', en: 'member {id} has {points} points' },
  'cdk.redeemed': { zh_CN: '兑换码 {code} 已兑换，不能再修改', en: 'code {code} was redeemed and can no longer change' },
  'cdk.noSetRedeemed': { zh_CN: '兑换码由会员兑换，不能直接设为已兑换', en: 'codes are redeemed by members, not set redeemed' },
  'cdk.exists': { zh_CN: '“{code}”已存在，未导入任何数据', en: '"{code}" already exists; nothing was imported' },
  'cdk.quota': { zh_CN: '分销商 {name} 还可持有 {room} 个兑换码（配额 {quota}），表格有 {rows} 个', en: 'distributor {name} may hold {room} more codes (quota {quota}); the sheet has {rows}' },
  'cdk.onlyUnused': { zh_CN: '只有未使用的兑换码可以作废：{items|list}{more}；未作废任何兑换码', en: 'only unused codes can be voided; {items|list}{more}; nothing was voided' },
  'rent.notVerified': { zh_CN: '租号账号 {id} 未通过审核，请先审核再上架', en: 'rental account {id} is not verified; verify it before listing' },
  'rent.frozen': { zh_CN: '租号账号 {id} 已冻结，不能上架', en: 'rental account {id} is frozen; it cannot be listed' },
  'rent.verifyBeforeList': { zh_CN: '租号账号 {id} 须先通过审核才能上架', en: 'rental account {id} must be verified before it is listed' },
  'rent.onlyByOrder': { zh_CN: '账号只能通过租号订单出租', en: 'an account is rented out only by a rental order' },
  'rent.newStatus': { zh_CN: '新租号账号在审核前只能是未上架（0）或冻结（3）', en: 'a new rental account starts unlisted (0) or frozen (3) until verified' },
  'rent.applicationDecided': { zh_CN: '申请 {id} {status|word}', en: 'application {id} is already {status}' },
  'rent.refuseReason': { zh_CN: '请填写拒绝申请的原因', en: 'give the reason for refusing the application' },
  'rent.rentedOut': { zh_CN: '租号账号 {id} 正在出租中，请在租期结束后审核', en: 'rental account {id} is rented out; verify it when the rental ends' },
  'rent.failReason': { zh_CN: '请说明检查未通过的原因', en: 'say what failed in the check' },
  'comment.hideViaModerate': { zh_CN: '隐藏评论须填写原因（/v1/comment/moderate）', en: 'hide a comment with a reason (/v1/comment/moderate)' },
  'comment.hideReason': { zh_CN: '请说明隐藏评论的原因', en: 'say why the comment is hidden' },
  'comment.hiddenNoPin': { zh_CN: '评论 {id} 已隐藏，请先显示再置顶', en: 'comment {id} is hidden; show it before pinning it' },
  'client.versionCode': { zh_CN: '必须大于本平台当前版本 {name} 的 {code}', en: 'must be above {code}, the current release {name} of this platform' },
  'client.versionName': { zh_CN: '必须新于本平台当前版本 {name}', en: 'must be newer than {name}, the current release of this platform' },
  'client.minVersion': { zh_CN: '不能高于{versionCode|label}（{code}）', en: 'must not be above versionCode ({code})' },
  'client.resolved': { zh_CN: '举报 {ids} 已处理，未做任何修改', en: 'report {ids} {verb} already resolved; nothing was changed' },
  'stock.wrongDelivery': { zh_CN: '商品 {id} 不以{what|word}发货', en: 'goods {id} is not delivered as {what}s' },
  'stock.newStatus': { zh_CN: '新的{what|word}只能是未售或作废', en: 'a new {what} can only be unsold or void' },
  'stock.heldNoChange': { zh_CN: '{what|word} {id} 属于订单 {orderId}，不能再修改', en: '{what} {id} belongs to order {orderId}; it can no longer be changed' },
  'stock.onlyOrders': { zh_CN: '只有订单可以锁定或售出{what|word}', en: 'only orders lock or sell a {what}' },
  'stock.heldNoDelete': { zh_CN: '{what|word} {id} 属于订单 {orderId}，不能删除', en: '{what} {id} belongs to order {orderId} and cannot be deleted' },
  'stock.byHand': { zh_CN: '商品 {id} 为人工或充值发货，不设库存', en: 'goods {id} is delivered by hand or top-up and keeps no stock' },
  'stock.notAutomatic': { zh_CN: '商品 {id} 不是自动发货', en: 'goods {id} is not delivered automatically' },
  'stock.zero': { zh_CN: '不能为 0', en: 'must not be 0' },
  'stock.noStock': { zh_CN: '商品 {id} 不设库存（人工或充值发货）', en: 'goods {id} keeps no stock (delivered by hand or top-up)' },
  'stock.fewUnsold': { zh_CN: '商品 {id} 只有 {count} 个未售库存，不能减少 {delta} 个', en: 'goods {id} has {count} unsold items; cannot take away {delta}' },
  'stock.fewVoided': { zh_CN: '商品 {id} 只有 {count} 个已作废且未过期、可重新上架的库存，不能增加 {delta} 个（请导入新卡密）', en: 'goods {id} has {count} voided, unexpired items to return to sale; cannot add {delta} (import new codes instead)' },
  'stock.onlyUnsold': { zh_CN: '只有未售库存可以作废：{items|list}{more}；未作废任何库存', en: 'only unsold items can be voided; {items|list}{more}; nothing was voided' },
  'item.is': { zh_CN: '{item} {state|word}', en: '{item} is {state}' },
  'item.andMore': { zh_CN: '（另有 {count} 个）', en: ' (and {count} more)' },
  'order.notCancelled': { zh_CN: '订单 {id}（{orderNo}）未取消，只有已取消的订单可以删除', en: 'order {id} ({orderNo}) is not cancelled; only cancelled orders can be deleted' },
  'order.wrongStatus': { zh_CN: '订单 {orderNo} 状态为{status|word}，不能执行此操作', en: 'order {orderNo} is {status}; cannot {doing}' },
  'order.blocked': { zh_CN: '订单 {orderNo} 已被风控拦截，请先解除风险等级', en: 'order {orderNo} is blocked by risk control; clear the risk level first' },
  'order.noItem': { zh_CN: '订单 {orderNo} 没有以兑换码或账号发放的明细 {itemId}', en: 'order {orderNo} has no item {itemId} delivered as codes or accounts' },
  'order.nothingToReissue': { zh_CN: '订单 {orderNo} 没有可补发的兑换码或账号', en: 'order {orderNo} has nothing delivered as codes or accounts to reissue' },
  'order.riskReason': { zh_CN: '请填写标记订单的原因', en: 'give the reason for flagging the order' },
  'order.nothingDelivered': { zh_CN: '没有以兑换码或账号发放的商品', en: 'nothing delivered as codes or accounts' },
  'order.fewUnsold': { zh_CN: '{goods} 只有 {count} 个未售{what|word}，需要 {needed} 个，请先补充库存', en: '{goods} has {count} unsold {what}, {needed} needed; load stock first' },
  'refund.max': { zh_CN: '订单 {orderNo} 最多可退 {max|money}', en: 'at most {max|money} can be refunded on order {orderNo}' },
  'refund.notAllowed': { zh_CN: '{setting}：此类商品不能退款', en: '{setting}: this kind of goods cannot be refunded' },
  'refund.noLine': { zh_CN: '订单 {orderNo} 没有明细 {itemId}', en: 'order {orderNo} has no line {itemId}' },
  'refund.lineTwice': { zh_CN: '明细 {itemId} 重复', en: 'line {itemId} is given twice' },
  'refund.lineExtracted': { zh_CN: '{goods} 的兑换码已提取，不能退款（{setting}）', en: 'codes of {goods} were already extracted and cannot be refunded ({setting})' },
  'refund.lineMax': { zh_CN: '{goods} 最多可退 {max} 件', en: 'at most {max} of {goods} can be refunded' },
  'refund.amountOfLines': { zh_CN: '所选明细的退款金额为 {amount|money}', en: 'the lines chosen come to {amount|money}' },
  'refund.nothingLeft': { zh_CN: '订单 {orderNo} 没有可退的明细', en: 'order {orderNo} has nothing left to refund' },
  'refund.extracted': { zh_CN: '订单 {orderNo} 的兑换码已提取（{setting}）', en: 'codes of order {orderNo} were already extracted ({setting})' },
  'refund.closed': { zh_CN: '订单 {orderNo} 的退款已于 {closes} 截止（付款后 {hours} 小时，{setting}）', en: 'refunds of order {orderNo} closed at {closes}, {hours} hours after payment ({setting})' },
  'refund.decided': { zh_CN: '退款 {ref} 已处理', en: 'refund {ref} is already decided' },
  'refund.refuseReason': { zh_CN: '请填写拒绝退款的原因', en: 'give the reason for refusing the refund' },
  'refund.approveMax': { zh_CN: '最多可批准申请的 {max|money}', en: 'at most the requested {max|money} can be approved' },
  'feedback.replyFirst': { zh_CN: '请通过回复（/v1/feedback/replay）将反馈标为已回复', en: 'reply with /v1/feedback/replay to mark a feedback replied' },
  'feedback.closed': { zh_CN: '反馈 {id} 已关闭，请先重新打开再回复', en: 'feedback {id} is closed; reopen it before replying' },
  'income.decided': { zh_CN: '{kind|word} {id} {status|word}', en: '{kind} {id} is {status}' },
  'relation.repeats': { zh_CN: '关联 {id} 与{other|label}重复', en: 'relation {id} repeats {other}' },
  'list.repeats': { zh_CN: '“{value}”与{other|label}重复', en: '"{value}" repeats {other}' },
  'resource.sharedUrl': { zh_CN: '“{url}”将同时被资源 {a} 和 {b} 使用', en: '"{url}" would be used by resources {a} and {b}' },
  'nav.ownParent': { zh_CN: '导航项不能是自己的上级', en: 'a navigation entry cannot be its own parent' },
  'nav.underOwnChild': { zh_CN: '导航项 {id} 是 {parent} 的子项，导航项不能放到自己的子项下', en: 'navigation entry {id} is a child of {parent}; an entry cannot go under its own child' },
  'nav.parentIsChild': { zh_CN: '导航项 {id} 本身是子项，只允许两级', en: 'navigation entry {id} is itself a child; only two levels are allowed' },
  'nav.hasChildren': { zh_CN: '导航项 {id} 下还有子项，只允许两级，因此它须留在顶层', en: 'navigation entry {id} has children; only two levels are allowed, so it stays at the top' },
  'message.notYours': { zh_CN: '没有发给您的消息 {ids}', en: 'no message {ids} addressed to you' },
  'admin.lastSuper': { zh_CN: '{names} 是最后一位超级管理员，请先让另一个账号成为超级管理员', en: '{names} is the last super administrator; make another account super administrator first' },
  'admin.superOnlyBySuper': { zh_CN: '只有超级管理员可以授予超级管理员角色', en: 'only a super administrator can give the super administrator role' },
  'admin.disableSelf': { zh_CN: '不能停用当前登录的账号', en: 'you cannot disable the account you are signed in with' },
  'admin.rolesSelf': { zh_CN: '不能给当前登录的账号分配角色', en: 'you cannot give roles to the account you are signed in with' },
  'admin.roleAbove': {
    zh_CN: '管理员 {id}（{username}）持有您没有的角色（{roles}），只有持有这些角色的账号可以操作它',
    en: 'admin {id} ({username}) holds roles you do not hold ({roles}); only an account holding them can act on it',
  },
  'admin.roleNotHeld': { zh_CN: '只能授予您自己持有的角色（不持有：{roles}）', en: 'you can only give roles you hold yourself (not held: {roles})' },
  'admin.deleteSelf': { zh_CN: '管理员 {id}（{username}）是当前登录的账号', en: 'admin {id} ({username}) is the account you are signed in with' },
  'role.superFixed': { zh_CN: '超级管理员角色不能停用或改名', en: 'the super administrator role cannot be disabled or renamed' },
  'role.held': { zh_CN: '角色 {id}（{name}）是您持有的角色，须由其他管理员修改', en: 'role {id} ({name}) is one you hold; another administrator must change it' },
  'role.superBySuper': { zh_CN: '只有超级管理员可以创建超级角色', en: 'only a super administrator can create super roles' },
  'role.superOnce': { zh_CN: '“{key}”是超级管理员角色，只能有一个', en: '"{key}" is the super administrator role, which exists once' },
  'role.superNoDelete': { zh_CN: '角色 {id}（{name}）是超级管理员角色，不能删除', en: 'role {id} ({name}) is the super administrator role and cannot be deleted' },

  // ── Words: states and kinds named inside messages (`{x|word}`) ──────────────────────────────────
  'word.awaiting payment': { zh_CN: '待付款', en: 'awaiting payment' },
  'word.awaiting delivery': { zh_CN: '待发货', en: 'awaiting delivery' },
  'word.delivered': { zh_CN: '已发货', en: 'delivered' },
  'word.completed': { zh_CN: '已完成', en: 'completed' },
  'word.cancelled': { zh_CN: '已取消', en: 'cancelled' },
  'word.refund in progress': { zh_CN: '退款中', en: 'refund in progress' },
  'word.refunded': { zh_CN: '已退款', en: 'refunded' },
  'word.approved': { zh_CN: '已通过', en: 'approved' },
  'word.rejected': { zh_CN: '已拒绝', en: 'rejected' },
  'word.sent': { zh_CN: '已发送', en: 'sent' },
  'word.revoked': { zh_CN: '已撤回', en: 'revoked' },
  'word.a draft': { zh_CN: '草稿', en: 'a draft' },
  'word.already revoked': { zh_CN: '已撤回', en: 'already revoked' },
  'word.already settled': { zh_CN: '已结算', en: 'already settled' },
  'word.active': { zh_CN: '正常', en: 'active' },
  'word.frozen': { zh_CN: '已冻结', en: 'frozen' },
  'word.closed': { zh_CN: '已注销', en: 'closed' },
  'word.codes': { zh_CN: '兑换码', en: 'codes' },
  'word.accounts': { zh_CN: '账号', en: 'accounts' },
  'word.activation codes': { zh_CN: '卡密', en: 'activation codes' },
  'word.card': { zh_CN: '卡密', en: 'card' },
  'word.card code': { zh_CN: '卡密', en: 'card code' },
  'word.account': { zh_CN: '账号', en: 'account' },
  'word.game account': { zh_CN: '游戏账号', en: 'game account' },
  'word.navigation entry': { zh_CN: '导航项', en: 'navigation entry' },
  'word.goods category': { zh_CN: '商品分类', en: 'goods category' },
  'word.menu': { zh_CN: '菜单', en: 'menu' },
  'word.activation code': { zh_CN: '卡密', en: 'activation code' },
  'word.unsold': { zh_CN: '未售', en: 'unsold' },
  'word.locked by an order': { zh_CN: '已被订单锁定', en: 'locked by an order' },
  'word.sold': { zh_CN: '已售出', en: 'sold' },
  'word.already void': { zh_CN: '已作废', en: 'already void' },
  'word.expired': { zh_CN: '已过期', en: 'expired' },
  'word.unused': { zh_CN: '未使用', en: 'unused' },
  'word.redeemed': { zh_CN: '已兑换', en: 'redeemed' },
  'word.day': { zh_CN: '天', en: 'day' },
  'word.week': { zh_CN: '周', en: 'week' },
  'word.month': { zh_CN: '月', en: 'month' },
  'word.merchant income': { zh_CN: '商户收入', en: 'merchant income' },
  'word.rental income': { zh_CN: '租号收入', en: 'rental income' },
  'word.platform': { zh_CN: '平台', en: 'platform' },
  'word.distributor': { zh_CN: '分销商', en: 'distributor' },
  'word.WeChat activity': { zh_CN: '微信活动', en: 'WeChat activity' },
  'word.Session expired, please sign in again': { zh_CN: '登录已过期，请重新登录', en: 'Session expired, please sign in again' },
  'word.Bad request': { zh_CN: '请求有误', en: 'Bad request' },
  'word.Forbidden': { zh_CN: '没有权限', en: 'Forbidden' },
  'word.Not found': { zh_CN: '未找到', en: 'Not found' },
  'word.Method not allowed': { zh_CN: '不允许的请求方法', en: 'Method not allowed' },
  'word.Request timeout': { zh_CN: '请求超时', en: 'Request timeout' },
  'word.Internal server error': { zh_CN: '服务器内部错误', en: 'Internal server error' },
  'word.Not implemented': { zh_CN: '未实现', en: 'Not implemented' },
  'word.Bad gateway': { zh_CN: '网关错误', en: 'Bad gateway' },
  'word.Service unavailable': { zh_CN: '服务不可用', en: 'Service unavailable' },
  'word.Gateway timeout': { zh_CN: '网关超时', en: 'Gateway timeout' },
  'word.HTTP version not supported': { zh_CN: '不支持的 HTTP 版本', en: 'HTTP version not supported' },
} as const satisfies Record<string, Template>;

export type MessageKey = keyof typeof MESSAGES;

/** A spreadsheet column named in a message: its header in the file and its field key. */
export interface ColumnRef {
  header: string;
  field: string;
}
export type MessageParam = string | number | boolean | null | undefined | ColumnRef | Refusal | Refusal[];
export type MessageParams = Record<string, MessageParam>;

/** A refusal as thrown and as carried in an error envelope (`{code, data, message, field, key, params}`). */
export interface Refusal {
  key: MessageKey;
  params?: MessageParams;
  /** The field (a path such as `list.3.url`, or `row 3` of a sheet) the refusal is about, else null. */
  field?: string | null;
}

/** How names are rendered: the server's label table, the console's i18n, or raw keys (`raw`). */
export interface RenderNames {
  /** `raw` writes field keys and the English templates as the server wrote them before keys. */
  lang: Lang | 'raw';
  /** Label of a field path (`typeName`, `list.3.url`, `row 3`); raw: the path itself. */
  label(path: string): string;
  /** Title of an entity by name; raw and en: lower case English. */
  title(entity: string): string;
}

/** Separator between a field's label and its text, and between several parts. */
const SEP = { zh_CN: '：', en: ': ', raw: ': ' } as const;
const JOIN = { zh_CN: '；', en: '; ', raw: '; ' } as const;

function isRefusal(v: unknown): v is Refusal {
  return !!v && typeof v === 'object' && typeof (v as Refusal).key === 'string';
}

/** True when `key` names an entry of the catalogue (keys come over the wire as strings). */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** The text of a refusal without its field (see the module comment for the template syntax). */
export function renderText(r: Refusal, names: RenderNames): string {
  const entry: Template | undefined = (MESSAGES as Record<string, Template>)[r.key];
  if (!entry) return r.key;
  const template = names.lang === 'zh_CN' ? entry.zh_CN : entry.en;
  const params = r.params ?? {};
  return template.replace(/\{(\w+)(?:\|(\w+))?\}/g, (_, name: string, kind: string | undefined) => {
    const v = params[name];
    if (v === undefined || v === null) return '';
    switch (kind) {
      case 'label':
        return names.label(String(v));
      case 'paren':
        return v === '' ? '' : names.lang === 'zh_CN' ? `（${String(v)}）` : ` (${String(v)})`;
      case 'title':
        return names.title(String(v));
      case 'money':
        return names.lang === 'raw' ? `${String(v)} cents` : moneyText(Number(v));
      case 'amount':
        return names.lang === 'raw' ? String(v) : moneyText(Number(v));
      case 'word': {
        const w: Template | undefined = (MESSAGES as Record<string, Template>)[`word.${String(v)}`];
        return w ? (names.lang === 'zh_CN' ? w.zh_CN : w.en) : String(v);
      }
      case 'list':
        return (Array.isArray(v) ? v : [v]).filter(isRefusal).map((p) => renderMessage(p, names)).join(names.lang === 'zh_CN' ? '、' : ', ');
      case 'parts':
        return (Array.isArray(v) ? v : [v]).filter(isRefusal).map((p) => renderMessage(p, names)).join(JOIN[names.lang]);
      case 'column':
      case 'columnLabel': {
        const c = v as ColumnRef;
        if (kind === 'columnLabel') return names.label(c.field);
        if (names.lang === 'raw') return `${c.header} (${c.field})`;
        return names.lang === 'zh_CN' ? c.header : `${names.label(c.field)} (column "${c.header}")`;
      }
      default:
        return isRefusal(v) ? renderMessage(v, names) : String(v);
    }
  });
}

/** A refusal as one message: the field's label, the separator, the text (just the text without a field). */
export function renderMessage(r: Refusal, names: RenderNames): string {
  const text = renderText(r, names);
  // Several refusals in one: each part names its own field; `field` (the first's) is for forms only.
  return r.field && r.key !== 'validation.several' ? `${names.label(r.field)}${SEP[names.lang]}${text}` : text;
}
