import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Photo {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A JPEG of random colour noise, about `targetBytes` long. Noise compresses like the busiest parts of
 * a real photo (about 0.8 bytes a pixel at quality 90), so the size is reached by picking the pixel
 * count: one trial encode measures bytes per pixel, the second lands within a few percent.
 */
export async function noisePhoto(targetBytes = 1_000_000, quality = 90): Promise<Photo> {
  const encode = async (width: number, height: number): Promise<Photo> => {
    const raw = randomBytes(width * height * 3);
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    return { jpeg, width, height };
  };
  const trial = await encode(400, 300);
  const bytesPerPixel = trial.jpeg.length / (400 * 300);
  // 4:3, like a camera; dimensions multiples of 16 so that whole JPEG blocks are encoded.
  const scale = Math.sqrt(targetBytes / bytesPerPixel / 12);
  return encode(Math.round((scale * 4) / 16) * 16, Math.round((scale * 3) / 16) * 16);
}

/**
 * Makes every upload of the same photo a different file, as in real traffic (the server stores each
 * content once, so identical uploads would measure its duplicate path). A JPEG comment segment
 * (FFFE) with a counter is inserted after the JFIF header: the pixels are unchanged, the bytes and
 * their sha256 are not. The bytes before the counter's end are a multiple of 3 long, so the base64
 * of a variant is the base64 of its head followed by the base64 of the (shared) rest of the file.
 */
export class UniqueJpeg {
  readonly #before: Buffer;
  readonly #commentLength: number;
  /** The unchanged rest of the file, after the inserted comment. */
  readonly tail: Buffer;
  readonly tailBase64: Buffer;
  readonly #tag: string;
  #count = 0;

  constructor(jpeg: Buffer, tag: string) {
    if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff) throw new Error('not a JPEG');
    // Keep a leading JFIF (APP0) segment first, where strict readers look for it.
    const insertAt = jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
    this.#before = jpeg.subarray(0, insertAt);
    // Marker (2) + length (2) + comment: at least 32 bytes of comment, head length a multiple of 3.
    let commentLength = Math.max(32, tag.length + 13);
    while ((insertAt + 4 + commentLength) % 3 !== 0) commentLength++;
    this.#commentLength = commentLength;
    this.#tag = tag;
    this.tail = jpeg.subarray(insertAt);
    this.tailBase64 = Buffer.from(this.tail.toString('base64'));
    // The base64 shortcut depends on the alignment above: check it once.
    const first = this.next();
    if (first.head.toString('base64') + this.tail.toString('base64') !== Buffer.concat([first.head, this.tail]).toString('base64')) {
      throw new Error('UniqueJpeg: base64 of head and tail do not concatenate');
    }
  }

  /** The next variant's head: the original leading segment, then a unique comment segment. */
  next(): { head: Buffer; headBase64: Buffer } {
    const count = String(this.#count++);
    const comment = `${this.#tag} ${count.padStart(this.#commentLength - this.#tag.length - 1, '0')}`;
    if (comment.length !== this.#commentLength) throw new Error('UniqueJpeg: counter overflow');
    const segment = Buffer.alloc(4 + this.#commentLength);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(2 + this.#commentLength, 2);
    segment.write(comment, 4, 'latin1');
    const head = Buffer.concat([this.#before, segment]);
    return { head, headBase64: Buffer.from(head.toString('base64')) };
  }

  /** The next variant as a whole file. */
  nextFile(): Buffer {
    return Buffer.concat([this.next().head, this.tail]);
  }
}
