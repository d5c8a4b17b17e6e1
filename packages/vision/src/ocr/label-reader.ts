import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import { parseLabelText, type HolderLabelText } from './label-text.ts';

/** A grayscale label crop, one byte per pixel. */
export interface LabelImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Reads grading-holder labels with tesseract, offline. */
export interface LabelReader {
  /**
   * Reads one label, scaled to `width` (default the reader's); calls are serialised on one tesseract
   * worker, created on first use or by `warm()`.
   */
  read(label: LabelImage, options?: LabelReaderOptions): Promise<HolderLabelText>;
  /** Starts the tesseract worker now (a long-running service), so the first label does not wait for it. */
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

export interface LabelReaderOptions {
  /** Width labels are scaled to before OCR (default 1200); smaller reads faster when the print is large. */
  width?: number;
  /**
   * Receives tesseract's own diagnostics ("Detected 12 diacritics", …), which it otherwise prints
   * straight to the process's output, through a progress line or a JSON summary. Default: dropped.
   */
  onDiagnostics?: (text: string) => void;
}

export function createLabelReader(options: LabelReaderOptions = {}): LabelReader {
  let worker: Promise<Worker> | null = null;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const start = async () => {
    // Loaded with the first label: a batch without slabs never pays for the module.
    const { default: Tesseract } = await import('tesseract.js');
    const w = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
    // Label crops carry no resolution; without one tesseract guesses it and prints a warning per read.
    await w.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SPARSE_TEXT, user_defined_dpi: '300' });
    return w;
  };
  return {
    read(label, readOptions = {}) {
      if (closed) return Promise.reject(new Error('the label reader is closed'));
      worker ??= start();
      const job = queue.then(async () => {
        const png = await prepare(label, readOptions.width ?? options.width ?? 1200);
        // `debug` collects tesseract's diagnostics into the result instead of the process output.
        const { data } = await (await worker!).recognize(png, {}, { text: true, debug: true });
        const diagnostics = data.debug?.trim();
        if (diagnostics) options.onDiagnostics?.(diagnostics);
        return parseLabelText(data.text);
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
async function prepare(label: LabelImage, width: number): Promise<Buffer> {
  return sharp(label.data, { raw: { width: label.width, height: label.height, channels: 1 } })
    .resize({ width, kernel: 'cubic' })
    .normalise()
    .threshold(150)
    .png()
    .toBuffer();
}
