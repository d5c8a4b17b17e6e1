import sharp from 'sharp';

/** The sans font librsvg finds here (fontconfig); every generated text uses it so OCR sees one face. */
export const sansFont = 'DejaVu Sans';
export const serifFont = 'DejaVu Serif';

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export interface TextOptions {
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  weight?: 'normal' | 'bold';
  family?: string;
  /** Extra attributes, e.g. a transform or letter-spacing. */
  extra?: string;
}

export function svgText(x: number, y: number, content: string, options: TextOptions): string {
  const { size, fill, anchor = 'start', weight = 'normal', family = sansFont, extra = '' } = options;
  return `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${family}" font-size="${fmt(size)}" font-weight="${weight}" text-anchor="${anchor}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`;
}

/** Numbers in SVG: two decimals are plenty and keep the documents (and PNG output) stable. */
export function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function points(list: readonly (readonly [number, number])[]): string {
  return list.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');
}

/** Renders an SVG document to straight (unpremultiplied) RGBA pixels. */
export async function rasterizeSvg(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
