import { limits } from '@assay/contract';
import { imageError } from './image-error.ts';

const dataUrlPrefix = /^data:[^,]*;base64,/i;
const lineBreaks = /\r?\n/g;

/**
 * Decodes a base64 image strictly, so that a damaged or truncated upload fails here with a clear
 * message instead of turning into garbage bytes further on. Accepted:
 * - the standard alphabet (RFC 4648 §4) with its `=` padding, length a multiple of 4;
 * - an optional `data:<type>;base64,` prefix, as browsers produce;
 * - line breaks (LF or CRLF), because common tools wrap base64 at 76 columns.
 * Refused: base64url (`-`, `_`), missing padding, spaces, tabs and any other character.
 * The decoded size is computed from the text and checked before anything is decoded. Validity is
 * checked by re-encoding: Node's decoder skips characters it does not know, so text that does not
 * come back identical was not canonical base64. That is 7x faster than a regular expression over
 * a megabyte of text, and also refuses non-zero padding bits.
 */
export function decodeBase64Strict(data: string, index?: number): Buffer {
  let text = data.replace(dataUrlPrefix, '');
  if (text.includes('\n')) text = text.replace(lineBreaks, '');
  if (text.length === 0) throw imageError('IMAGE_EMPTY', 'the image data is empty', index);
  const invalid = () => {
    const hint = /[-_]/.test(text) ? ' (base64url is not accepted; use the standard alphabet)' : '';
    return imageError('IMAGE_BASE64_INVALID', `the image data is not valid base64${hint}`, index);
  };
  if (text.length % 4 !== 0) throw invalid();
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const byteLength = (text.length / 4) * 3 - padding;
  if (byteLength > limits.imageBytes) {
    throw imageError('IMAGE_TOO_LARGE', `the image is ${byteLength} bytes; at most ${limits.imageBytes} are accepted`, index, {
      context: { byte_length: byteLength, max_bytes: limits.imageBytes },
    });
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) throw invalid();
  if (bytes.length === 0) throw imageError('IMAGE_EMPTY', 'the image data is empty', index);
  return bytes;
}
