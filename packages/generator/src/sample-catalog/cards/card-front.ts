import { fmt, serifFont, svgDocument, svgText } from '../../svg.ts';
import { drawArt } from './card-art.ts';
import type { SampleCard, SampleGame } from './card-list.ts';

/*
 * Card fronts at 300×420: a uniform printed border (its width is the entry's frame inset, the
 * thing centering is measured on), then the game's frame with the name in large type, the art,
 * and the set name and card number in small type along the bottom.
 */

export const cardWidth = 300;
export const cardHeight = 420;

interface LayoutColours {
  panel: string;
  ink: string;
  bar: string;
  barInk: string;
  box: string;
}

const layouts: Record<SampleGame['layout'], LayoutColours> = {
  parchment: { panel: '#efe4c8', ink: '#3a2612', bar: '#d8c79c', barInk: '#2b1a0a', box: '#f7f0de' },
  console: { panel: '#1b2233', ink: '#d8f3ff', bar: '#2c3a55', barInk: '#5fd4ff', box: '#232c42' },
  poster: { panel: '#f2f2f2', ink: '#111111', bar: '#111111', barInk: '#ffd400', box: '#ffffff' },
};

export function cardFrontSvg(card: SampleCard, game: SampleGame): string {
  const b = game.border;
  const c = layouts[game.layout];
  const inner = { x: b, y: b, w: cardWidth - 2 * b, h: cardHeight - 2 * b };
  const art = { x: inner.x + 10, y: inner.y + 44, w: inner.w - 20, h: 178 };
  const nameSize = card.name.length > 16 ? 17 : 21;
  const rounded = game.layout === 'console' ? 8 : 3;

  const nameBar =
    `<rect x="${inner.x + 6}" y="${inner.y + 6}" width="${inner.w - 12}" height="32" rx="${rounded}" fill="${c.bar}"/>` +
    svgText(inner.x + 14, inner.y + 29, card.name, {
      size: nameSize, fill: c.barInk, weight: 'bold', family: game.layout === 'parchment' ? serifFont : undefined,
    }) +
    (game.layout === 'console' ? `<circle cx="${inner.x + inner.w - 24}" cy="${inner.y + 22}" r="11" fill="${card.borderColour}" stroke="${c.barInk}" stroke-width="2"/>` : '');

  const artBox =
    `<svg x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" viewBox="0 0 ${art.w} ${art.h}">${drawArt(card.art, art.w, art.h)}${card.foil ? foilSheen(art.w, art.h) : ''}</svg>` +
    `<rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" fill="none" stroke="${c.ink}" stroke-width="2"/>`;

  const typeY = art.y + art.h + 6;
  const typeBar = `<rect x="${inner.x + 6}" y="${typeY}" width="${inner.w - 12}" height="20" rx="${rounded}" fill="${c.bar}"/>` +
    svgText(inner.x + 12, typeY + 14.5, card.typeLine, { size: 11, fill: c.barInk, weight: 'bold' });

  const boxY = typeY + 26;
  const boxH = inner.y + inner.h - 24 - boxY;
  const textBox = `<rect x="${inner.x + 8}" y="${boxY}" width="${inner.w - 16}" height="${boxH}" rx="${rounded}" fill="${c.box}" stroke="${c.ink}" stroke-opacity="0.35"/>` +
    wrap(card.flavour, 34).map((line, i) => svgText(inner.x + 16, boxY + 20 + i * 15, line, {
      size: game.layout === 'poster' ? 13 : 11, fill: c.ink, weight: game.layout === 'poster' ? 'bold' : 'normal',
      extra: game.layout === 'parchment' ? 'font-style="italic"' : '',
    })).join('');

  const footY = inner.y + inner.h - 8;
  const footer = svgText(inner.x + 10, footY, card.set, { size: 9, fill: c.ink }) +
    svgText(inner.x + inner.w - 10, footY, card.number, { size: 9, fill: c.ink, anchor: 'end', weight: 'bold' });

  const body =
    `<rect width="${cardWidth}" height="${cardHeight}" fill="${card.borderColour}"/>` +
    (card.foil ? borderShimmer(card.borderColour) : '') +
    // The dark keyline makes the border/frame boundary crisp, as printed cards have.
    // It is drawn just inside the frame so the border is exactly `border` pixels wide.
    `<rect x="${inner.x}" y="${inner.y}" width="${inner.w}" height="${inner.h}" rx="${rounded}" fill="#1a1a1a"/>` +
    `<rect x="${inner.x + 1.5}" y="${inner.y + 1.5}" width="${inner.w - 3}" height="${inner.h - 3}" rx="${rounded}" fill="${c.panel}"/>` +
    nameBar + artBox + typeBar + textBox + footer;
  return svgDocument(cardWidth, cardHeight, body);
}

function foilSheen(w: number, h: number): string {
  return `<defs><linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">` +
    ['#ff6b6b', '#ffd93d', '#6bff95', '#6bc5ff', '#c56bff', '#ff6b6b'].map((col, i) => `<stop offset="${fmt(i / 5)}" stop-color="${col}"/>`).join('') +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#foil)" opacity="0.33"/>`;
}

/** Foil borders catch light in diagonal bands; kept faint so the border still reads as one colour. */
function borderShimmer(colour: string): string {
  let bands = '';
  for (let x = -cardHeight; x < cardWidth; x += 46) {
    bands += `<polygon points="${x},0 ${x + 18},0 ${x + 18 + cardHeight},${cardHeight} ${x + cardHeight},${cardHeight}" fill="#ffffff" opacity="0.16"/>`;
  }
  return `<rect width="${cardWidth}" height="${cardHeight}" fill="${colour}"/>${bands}`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}
