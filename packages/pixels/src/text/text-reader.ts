import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';

/** A grayscale crop of text (a label, a plate, a box's print), one byte per pixel. */
export interface TextImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A rectangle of a text crop, in its pixels (end-exclusive). */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One box of text read, where it was and how sure the reader is of it (its characters' mean confidence, 0..1). */
export interface TextLine {
  text: string;
  score: number;
  /** The reader's confidence in each character of `text` (0..1; 1 for a space it inserted between words). */
  characterScores: number[];
  box: TextBox;
}

/** A reader that also says where it read each box of text (the engine's one reader, createPaddleTextReader). */
export interface TextLineReader extends TextReader {
  /** Every box of text read in the crop, top to bottom, in the crop's own pixels whatever `width` it was read at. */
  readLines(image: TextImage, options?: TextReaderOptions): Promise<TextLine[]>;
  /**
   * Reads the whole crop as one line of text, without looking for where text is first: for print
   * whose place is already known (a coin's date, cut out around where its design carries it).
   * Each word of `spot` is weighed against the print too (see ReadLine).
   */
  readLine(image: TextImage, spot?: readonly string[]): Promise<ReadLine>;
}

/**
 * A crop read as one line, and how well each word asked for fits it (`spotted`, in the order
 * asked): print whose possible readings are known in advance (a year on a coin) is weighed against
 * each of them, not only read freely.
 */
export interface ReadLine extends Omit<TextLine, 'box'> {
  spotted: WordSpotting[];
}

/**
 * A word's fit to a line of print: `cost`, the log probability of the likeliest reading that holds
 * the word less that of the free reading, ≤ 0 (0 when the free reading holds it, more negative the
 * less the print looks like it; -Infinity for a character the reader does not know).
 */
export interface WordSpotting {
  word: string;
  cost: number;
}

/** Reads printed text with tesseract, offline: what it says is for the caller to parse. */
export interface TextReader {
  /**
   * Reads one crop, scaled to `width` (default the reader's), and answers everything read; calls are
   * serialised on one tesseract worker, created on first use or by `warm()`.
   */
  read(image: TextImage, options?: TextReaderOptions): Promise<string>;
  /** Starts the tesseract worker now (a long-running service), so the first read does not wait for it. */
  warm(): Promise<void>;
  /** Terminates the tesseract worker; reads after close fail. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * The traineddata ships in @tesseract.js-data/eng; its `4.0.0_best_int` folder is the integer LSTM
 * model (2.9 MB), the one tesseract.js itself fetches for LSTM-only recognition, so nothing downloads.
 */
function langPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface TextReaderOptions {
  /** Width crops are scaled to before OCR (default 1200); smaller reads faster when the print is large. */
  width?: number;
  /**
   * Receives tesseract's own diagnostics ("Detected 12 diacritics", …), which it otherwise prints
   * straight to the process's output, through a progress line or a JSON summary. Default: dropped.
   */
  onDiagnostics?: (text: string) => void;
}

export function createTextReader(options: TextReaderOptions = {}): TextReader {
  let worker: Promise<Worker> | null = null;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const start = async () => {
    // Loaded with the first read: a batch without text to read never pays for the module.
    const { default: Tesseract } = await import('tesseract.js');
    const w = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
    // Crops carry no resolution; without one tesseract guesses it and prints a warning per read.
    await w.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SPARSE_TEXT, user_defined_dpi: '300' });
    return w;
  };
  return {
    read(image, readOptions = {}) {
      if (closed) return Promise.reject(new Error('the text reader is closed'));
      worker ??= start();
      const job = queue.then(async () => {
        const png = await prepare(image, readOptions.width ?? options.width ?? 1200);
        // `debug` collects tesseract's diagnostics into the result instead of the process output.
        const { data } = await (await worker!).recognize(png, {}, { text: true, debug: true });
        const diagnostics = data.debug?.trim();
        if (diagnostics) options.onDiagnostics?.(diagnostics);
        return data.text;
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async warm() {
      if (closed) return;
      worker ??= start();
      await worker;
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
}

/**
 * Tesseract reads best with text ~30 px tall, dark on light and binarised: upscale to 1200 px wide,
 * stretch the contrast, then threshold, so light glare and the holder's tint drop out.
 */
async function prepare(image: TextImage, width: number): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width, kernel: 'cubic' })
    .normalise()
    .threshold(150)
    .png()
    .toBuffer();
}
