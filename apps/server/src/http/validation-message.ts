/** One Ajv error, as Fastify hands it over in `error.validation`. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a Chinese message that names the field. */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return '请求参数有误';
  const fromPath = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : '';
  const field = missing || fromPath || '请求体';
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return `缺少参数 ${field}`;
    case 'type':
      return `参数 ${field} 的类型应为${typeName(String(p.type))}`;
    case 'minLength':
      return `参数 ${field} 至少 ${p.limit} 个字符`;
    case 'maxLength':
      return `参数 ${field} 最多 ${p.limit} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `参数 ${field} 不能小于 ${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `参数 ${field} 不能大于 ${p.limit}`;
    case 'pattern':
    case 'format':
      return `参数 ${field} 格式不正确`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `参数 ${field} 的取值不在允许范围内`;
    case 'additionalProperties':
      return `不支持的参数 ${String(p.additionalProperty)}`;
    case 'minItems':
      return `参数 ${field} 至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `参数 ${field} 最多 ${p.limit} 项`;
    default:
      return `参数 ${field} 不合法`;
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
