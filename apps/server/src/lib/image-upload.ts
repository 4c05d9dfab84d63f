import { ResultCode, UPLOAD_LIMITS } from '@chuhai/contract';
import sharp from 'sharp';
import { AppError } from './app-error.ts';
import { CONTENT_TYPES, type ImageInfo, imageInfo } from './image-size.ts';

/** An upload that passed every check: EXIF orientation applied, metadata (EXIF, GPS, ICC names) gone. */
export interface CheckedImage {
  bytes: Buffer;
  format: ImageInfo['format'];
  contentType: string;
  width: number;
  height: number;
}

const MB = 1024 * 1024;
const ALLOWED = UPLOAD_LIMITS.formats.join('、');

function unsupported(what: string): AppError {
  return new AppError(ResultCode.unsupportedMediaType, `${what}，请上传 ${ALLOWED} 格式的图片`);
}

/** What a refused file looks like, so the message can name it. */
function describeUnknown(bytes: Buffer): string {
  const head = bytes.subarray(0, 256).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')))
    return '不支持 SVG 矢量图';
  if (head.startsWith('gif8')) return '不支持 GIF 图片';
  if (bytes.subarray(0, 4).toString('latin1') === '%PDF') return '这是 PDF 文件，不是图片';
  return '文件内容不是图片（可能只是改了扩展名）';
}

/**
 * Why a file whose first bytes are `head` is no image we take, or null when its signature is PNG,
 * JPEG or WebP: lets a ZIP entry be refused after its first unpacked bytes instead of all 10 MB.
 */
export function notAnImageReason(head: Buffer): string | null {
  const png = head.length >= 8 && head.readUInt32BE(0) === 0x89504e47;
  const jpeg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const webp =
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP';
  return png || jpeg || webp ? null : `${describeUnknown(head)}，请上传 ${ALLOWED} 格式的图片`;
}

/**
 * Checks one uploaded file by its content, never its name: JPEG, PNG or WebP only (415), at most
 * 10 MB (413) and 40 megapixels by the header before anything is decoded (413), then fully decoded
 * so a truncated or corrupt file is refused (415). The result is re-encoded upright and without
 * metadata, so a phone photo's GPS position never reaches our storage.
 */
export async function checkImageUpload(bytes: Buffer, label = '图片'): Promise<CheckedImage> {
  if (bytes.length === 0) throw new AppError(ResultCode.unsupportedMediaType, `${label}是空文件，请重新选择`);
  if (bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new AppError(
      ResultCode.payloadTooLarge,
      `${label}有 ${(bytes.length / MB).toFixed(1)} MB，超过 ${UPLOAD_LIMITS.maxBytes / MB} MB 的上限，请压缩后再上传`,
    );
  }
  const header = imageInfo(bytes);
  if (!header) throw unsupported(`${label}：${describeUnknown(bytes)}`);
  if (header.width * header.height > UPLOAD_LIMITS.maxPixels) {
    throw new AppError(
      ResultCode.payloadTooLarge,
      // In 万 as sellers count pixels (「4000 万像素」, not 「40 百万像素」), and what to do about it.
      `${label}有 ${header.width}×${header.height} 像素，超过 ${UPLOAD_LIMITS.maxPixels / 10_000} 万像素的上限，请缩小后再上传`,
    );
  }
  try {
    const pipeline = sharp(bytes, {
      failOn: 'truncated',
      limitInputPixels: UPLOAD_LIMITS.maxPixels,
    }).rotate();
    const encoded =
      header.format === 'jpeg'
        ? pipeline.jpeg({ quality: 92, mozjpeg: true })
        : header.format === 'webp'
          ? pipeline.webp({ quality: 92 })
          : pipeline.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format: header.format,
      contentType: CONTENT_TYPES[header.format],
      width: info.width,
      height: info.height,
    };
  } catch {
    throw unsupported(`${label}已损坏或不完整`);
  }
}
