const maxFilenameLength = 255;

/** Keeps only a bare name: no directories (a server may send "../../x"), no control characters. */
export function sanitizeFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, maxFilenameLength);
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}

function decodePercent(text: string, charset: string): string | null {
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(text);
    // ISO-8859-1 is the only other charset RFC 8187 names; each %XX byte is one character.
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

/** The file name a Content-Disposition header offers; `filename*` (RFC 8187) wins over `filename`. */
export function filenameFromContentDisposition(header: string | undefined): string | null {
  if (header === undefined) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;\s]+)/i.exec(header);
  if (extended?.[1] !== undefined && extended[2] !== undefined) {
    const decoded = decodePercent(extended[2], extended[1]);
    if (decoded !== null) return sanitizeFilename(decoded);
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return sanitizeFilename(quoted[1].replace(/\\(.)/g, '$1'));
  const token = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return token?.[1] === undefined ? null : sanitizeFilename(token[1]);
}

/** The last segment of a URL's path, percent-decoded; null when the path ends with "/". */
export function filenameFromUrlPath(url: URL): string | null {
  const segment = url.pathname.split('/').pop() ?? '';
  if (segment === '') return null;
  try {
    return sanitizeFilename(decodeURIComponent(segment));
  } catch {
    return sanitizeFilename(segment);
  }
}
