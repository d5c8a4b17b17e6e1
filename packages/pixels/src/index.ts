/*
 * The pixel kit: what every category's engine works with and none owns. It knows no category:
 * rasters and their loading, sampling, small grids and their correlation, geometry, photo quality
 * and the response issues it raises, text reading (OCR) and the worker pool the analyses run on.
 */
export { luma, toGray, type GrayImage, type RgbImage } from './raster/raster.ts';
export { loadPhoto, type LoadedPhoto, type Photo } from './raster/load-photo.ts';
export { floodFromBorder } from './raster/flood-from-border.ts';
export { edgeMap, type EdgeMap } from './raster/edge-map.ts';
export { sampleGray, sampleRgb } from './sampling/sample.ts';
export { boxResize, chroma, decodeGrid, encode, normalise, quantiseGrid } from './grids/grids.ts';
export { correlation, pearson } from './grids/correlation.ts';
export { distance, isConvex, orderPortrait, quadCentre, quadContains, scaleQuad, signedArea, type Point, type Quad } from './geometry/point.ts';
export { hypot, hypot3 } from './geometry/hypot.ts';
export { applyHomography, homographyFromPoints, type Homography } from './geometry/homography.ts';
export { solveLinear } from './geometry/solve-linear.ts';
export { rectifyGray, rectifyLuma, rectifyQuad, type Rect } from './geometry/rectify.ts';
export { blockiness } from './quality/blockiness.ts';
export { sensorNoise } from './quality/sensor-noise.ts';
export { sharpness } from './quality/sharpness.ts';
export { heavyCompressionQuantisation, jpegQuantisation } from './quality/jpeg-quantisation.ts';
export { exposure, toneGrid, type Exposure } from './quality/exposure.ts';
export { exposureLimits, type PhotoQualityIssue, type PhotoQualityMetrics } from './quality/photo-quality.ts';
export { qualityIssuesOf } from './quality/quality-issues.ts';
export { createTextReader, type TextBox, type TextImage, type TextLine, type TextLineReader, type TextReader, type ReadLine, type WordSpotting } from './text/text-reader.ts';
export { createPaddleTextReader, type PaddleTextReaderOptions } from './text/paddle-text-reader.ts';
export { createWorkerPool, type WorkerPool } from './pool/worker-pool.ts';
export { createInThreadPool } from './pool/in-thread-pool.ts';
export { serveJobs } from './pool/serve-jobs.ts';
export type { WorkerJob, WorkerJobs } from './pool/worker-job.ts';
export { stopwatch } from './stopwatch.ts';
