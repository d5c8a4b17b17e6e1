/** Decoded pixels, as decodeImage returns them. */
export interface RawImage {
  /** Pixels row by row, top row first, `channels` bytes each (RGB or RGBA, 8 bits per sample). */
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}
