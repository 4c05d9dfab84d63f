import { ResultCode, UPLOAD_LIMITS } from '@chuhai/contract';
import type { FastifyRequest } from 'fastify';
import { type StaticDecode, type TObject, type TStringOptions, Type } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../lib/app-error.ts';
import { validationMessage } from './validation-message.ts';

/** One uploaded file, read into memory (uploads are at most 10 MB, and checked before use). */
export interface Upload {
  /** The name the browser sent, for messages and results; never used as a path. */
  name: string;
  bytes: Buffer;
}

export interface MultipartForm {
  files: Upload[];
  fields: Record<string, string>;
}

/** Field names the spec's clients use for files; any of them is accepted. */
const FILE_FIELDS = new Set(['upload[]', 'upload', 'file', 'image', 'files[]']);

/**
 * Reads a multipart form. The parser's limits (registered with @fastify/multipart in app.ts) stop a
 * file over 10 MB or an 11th file while it streams, and the error handler turns those into 413s.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(ResultCode.badRequest, '请用 multipart/form-data 上传图片（字段名 upload[]）');
  }
  const files: Upload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!FILE_FIELDS.has(part.fieldname)) continue;
        files.push({ name: (part.filename || `图片${files.length + 1}`).slice(0, 120), bytes });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    // The parser's limits carry codes the error handler answers with 413; anything else the parser
    // throws ("Unexpected end of form", a malformed part header) is a broken body, the client's fault.
    const code = (error as { code?: string }).code;
    if (code && code in MULTIPART_ERRORS) throw error;
    throw new AppError(ResultCode.badRequest, '上传的表单不完整或格式有误，请重新上传');
  }
  return { files, fields };
}

/**
 * A form field: a string checked against `options` (a failure answers `errorMessage`), then turned
 * into what the route needs by `read`, which may throw its own Chinese AppError. Forms are only read,
 * so there is no way back to a string.
 */
export function FormField<T>(
  read: (raw: string) => T,
  options: TStringOptions & { errorMessage?: string } = {},
) {
  return Type.Codec(Type.String(options))
    .Decode(read)
    .Encode(() => {
      throw new Error('form fields are read, never written');
    });
}

/** What `readForm` answers: the files, and the fields as the schema decodes them. */
export interface Form<Fields> {
  files: Upload[];
  fields: Fields;
}

/**
 * Reads a multipart form and checks its fields against a TypeBox object of string fields, so a
 * route declares its fields once instead of parsing them by hand. A field that was not sent reads
 * as '' (every form field here treats empty and absent alike). A field that fails its schema is a
 * 400 with the schema's `errorMessage`; a codec's decode may throw its own AppError. `oneFileOnly`
 * is the 400 for a second file, checked before the fields as the routes always did.
 */
export async function readForm<Schema extends TObject>(
  request: FastifyRequest,
  schema: Schema,
  options: { oneFileOnly?: string } = {},
): Promise<Form<StaticDecode<Schema>>> {
  const { files, fields } = await readMultipart(request);
  if (options.oneFileOnly && files.length > 1) throw new AppError(ResultCode.badRequest, options.oneFileOnly);
  const values = Object.fromEntries(Object.keys(schema.properties).map((name) => [name, fields[name] ?? '']));
  const issue = Value.Errors(schema, values)[0];
  if (issue) {
    const field = schema.properties[issue.instancePath.slice(1)] as { errorMessage?: string } | undefined;
    throw new AppError(ResultCode.badRequest, field?.errorMessage ?? validationMessage([issue]));
  }
  return { files, fields: Value.Decode(schema, values) as StaticDecode<Schema> };
}

/** Framework errors of the multipart parser, as our codes and Chinese messages. */
export const MULTIPART_ERRORS: Record<string, { code: number; msg: string }> = {
  FST_REQ_FILE_TOO_LARGE: {
    code: ResultCode.payloadTooLarge,
    msg: `图片超过 ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB 的上限，请压缩后再上传`,
  },
  FST_FILES_LIMIT: {
    code: ResultCode.payloadTooLarge,
    msg: `一次最多上传 ${UPLOAD_LIMITS.maxFiles} 张图片，请分批处理`,
  },
  FST_PARTS_LIMIT: { code: ResultCode.payloadTooLarge, msg: '表单内容过多' },
  FST_FIELDS_LIMIT: { code: ResultCode.payloadTooLarge, msg: '表单字段过多' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: ResultCode.badRequest,
    msg: '请用 multipart/form-data 上传图片',
  },
  FST_PROTO_VIOLATION: { code: ResultCode.badRequest, msg: '表单字段名不合法' },
};
