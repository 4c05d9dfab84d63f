/** One Ajv error, as Fastify hands it over in `error.validation`. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** How fields are named to a user; other fields are named by their wire name. */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  username: '手机号',
  password: '密码',
  confirmPassword: '确认密码',
  code: '验证码',
  inviteCode: '邀请码',
  type: '验证码类型',
  ts: '时间戳',
  sign: '签名',
};

/**
 * Fields inside lists, by their path with each index as `*`; `{n}` is the first index, from 1.
 * 图片翻译's 修补画笔 (TranslateRenderBody.repair): a stroke the seller painted is named as such.
 */
const LIST_FIELD_LABELS: Record<string, string> = {
  repair: '修补笔画',
  'repair.*': '第 {n} 笔修补',
  'repair.*.mode': '第 {n} 笔修补的画法（取色或恢复原图）',
  'repair.*.colour': '第 {n} 笔修补的颜色',
  'repair.*.width': '第 {n} 笔修补的画笔大小',
  'repair.*.points': '第 {n} 笔修补的点',
  'repair.*.points.*': '第 {n} 笔修补的坐标',
  'repair.*.points.*.*': '第 {n} 笔修补的坐标',
};

/** A listed field's name for the seller from its whole path (`repair.2.width`), or undefined. */
function listLabelOf(path: string): string | undefined {
  const listed = LIST_FIELD_LABELS[path.replace(/\.\d+(?=\.|$)/g, '.*')];
  const index = /\.(\d+)(?=\.|$)/.exec(path)?.[1];
  return listed?.replace('{n}', String(Number(index ?? 0) + 1));
}

/** Turns the first schema violation into a Chinese message that names the field. */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return '请求参数有误';
  const fromPath = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : '';
  const wireName = missing || fromPath || '请求体';
  const label = FIELD_LABELS[wireName] ?? listLabelOf([fromPath, missing].filter(Boolean).join('.'));
  const subject = label ?? `参数 ${wireName} `;
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return label ? `缺少${label}` : `缺少参数 ${wireName}`;
    case 'type':
      return `${subject}的类型应为${typeName(String(p.type))}`;
    case 'minLength':
      return `${subject}至少 ${p.limit} 个字符`;
    case 'maxLength':
      return `${subject}最多 ${p.limit} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${subject}不能小于 ${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${subject}不能大于 ${p.limit}`;
    case 'pattern':
    case 'format':
      return `${subject}格式不正确`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `${subject}的取值不在允许范围内`;
    case 'additionalProperties':
      return `不支持的参数 ${String(p.additionalProperty)}`;
    case 'minItems':
      return `${subject}至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `${subject}最多 ${p.limit} 项`;
    default:
      return `${subject}不合法`;
  }
}

function typeName(type: string): string {
  const names: Record<string, string> = {
    string: '字符串',
    integer: '整数',
    number: '数字',
    boolean: '布尔值',
    object: '对象',
    array: '数组',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join('或');
}
