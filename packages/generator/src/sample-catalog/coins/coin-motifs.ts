import { fmt } from '../../svg.ts';

/*
 * Simplified coin devices on a 256×256 face centred at (128,128). Shapes use currentColor so the
 * face renderer can stamp each one three times (shadow, highlight, body) for a struck-relief look.
 * Each coin type combines these into a device no other type shares.
 */

export const portraitAccessories = [
  'feathers', 'braids', 'wings', 'cap', 'tiara', 'queue', 'beard', 'laurel', 'bald', 'long-hair', 'parted', 'suit',
] as const;
export type PortraitAccessory = (typeof portraitAccessories)[number];

export type Device =
  | { kind: 'profile'; facing: 'left' | 'right'; accessory: PortraitAccessory; scale?: number }
  | { kind: 'facing-bust' }
  | { kind: 'mother-and-child' }
  | { kind: 'walking-figure' }
  | { kind: 'standing-figure'; holds: 'shield' | 'torch' }
  | { kind: 'wreath'; closed: boolean }
  | { kind: 'wheat' }
  | { kind: 'building'; dome: boolean; columns: number }
  | { kind: 'union-shield' }
  | { kind: 'bison' }
  | { kind: 'fasces' }
  | { kind: 'torch-branches' }
  | { kind: 'eagle'; pose: 'spread' | 'heraldic' | 'flying' | 'perched' | 'landing' | 'nest' }
  | { kind: 'bell' }
  | { kind: 'drummer' };

const c = 'fill="currentColor"';
const s = (w: number) => `fill="none" stroke="currentColor" stroke-width="${w}" stroke-linecap="round"`;
/** Raised shapes that overlap the head need an outline, or they merge into its silhouette. */
const outlined = `fill="currentColor" stroke="#000" stroke-opacity="0.35" stroke-width="2"`;
/** Incised lines: darker than any relief colour, so they read inside a silhouette. */
const cut = (w: number) => `fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="${w}" stroke-linecap="round"`;

// A head facing left; the nose sits near x=78. Mirrored for right-facing portraits.
const features = `<path ${cut(2.5)} d="M96,96 L106,98"/><path ${cut(3)} d="M146,104 C160,96 166,118 150,124"/><path ${cut(2)} d="M104,150 C118,160 140,158 160,146"/>`;
const head = `<path ${c} d="M112,48 C136,40 170,48 182,78 C192,104 186,130 170,150 L172,176 C184,182 196,194 198,206 L70,206 C80,192 96,184 108,178 L108,160 C98,158 92,150 92,144 C86,144 82,138 86,132 L82,126 C84,122 82,118 86,116 L76,108 C80,100 84,94 88,86 C90,66 98,54 112,48 Z"/>`;

const accessories: Record<PortraitAccessory, string> = {
  feathers: Array.from({ length: 9 }, (_, i) => {
    const a = -150 + i * 14;
    const x = 140 + 58 * Math.cos((a * Math.PI) / 180);
    const y = 100 + 58 * Math.sin((a * Math.PI) / 180);
    return `<ellipse ${outlined} cx="${fmt(x)}" cy="${fmt(y)}" rx="9" ry="26" transform="rotate(${fmt(a + 90)} ${fmt(x)} ${fmt(y)})"/>`;
  }).join(''),
  braids: `<path ${s(10)} d="M170,120 C176,150 168,180 176,210"/><path ${outlined} d="M176,52 L196,20 L186,58 Z"/><path ${outlined} d="M168,50 L176,14 L178,54 Z"/>`,
  wings: `<path ${outlined} d="M160,60 C190,30 214,40 220,54 C204,56 196,66 206,72 C190,74 184,84 190,92 C176,90 166,84 160,60 Z"/>`,
  cap: `<path ${outlined} d="M92,74 C94,22 172,10 204,46 C218,62 216,92 204,110 C198,92 186,82 170,80 L100,80 Z"/><path ${cut(3)} d="M98,72 L176,78"/>`,
  tiara: Array.from({ length: 7 }, (_, i) => {
    const x = 104 + i * 12;
    return `<path ${outlined} d="M${x - 5},${62 - i} L${x},${30 - i * 2} L${x + 5},${62 - i} Z"/>`;
  }).join(''),
  queue: `<path ${outlined} d="M176,110 C196,120 204,140 196,160 C188,150 182,142 176,138 Z"/><circle ${outlined} cx="190" cy="124" r="8"/>`,
  beard: `<path ${outlined} d="M94,140 C96,162 112,178 136,176 C156,172 166,160 170,140 C150,150 120,152 94,140 Z"/>`,
  laurel: Array.from({ length: 6 }, (_, i) => `<ellipse ${outlined} cx="${112 + i * 12}" cy="${58 + Math.abs(i - 2.5) * 3}" rx="7" ry="4" transform="rotate(-20 ${112 + i * 12} ${58 + Math.abs(i - 2.5) * 3})"/>`).join(''),
  bald: `<path ${s(3)} d="M150,70 C166,80 172,96 170,112"/>`,
  'long-hair': `<path ${outlined} d="M168,70 C196,96 200,150 186,196 L160,190 C172,150 170,110 160,80 Z"/>`,
  parted: `<path ${outlined} d="M100,60 C118,36 166,34 184,70 C170,58 140,52 100,60 Z"/>`,
  // A bald head over a jacket collar and lapels.
  suit: `<path ${outlined} d="M60,206 C64,186 84,176 110,172 L176,170 C200,178 214,192 216,206 Z"/><path ${cut(3)} d="M110,172 L134,206 M176,170 L150,206 M128,186 L142,176 L154,186"/>`,
};

const eagleBody = `<ellipse ${c} cx="128" cy="140" rx="22" ry="40"/><circle ${c} cx="128" cy="92" r="14"/><path ${c} d="M114,92 L100,98 L114,100 Z"/><path ${c} d="M112,176 L128,206 L144,176 Z"/>`;
const wing = (side: 1 | -1, lift: number) =>
  `<path ${c} d="M${128 + side * 16},124 C${128 + side * 60},${110 - lift} ${128 + side * 90},${80 - lift} ${128 + side * 96},${60 - lift} C${128 + side * 80},${110 - lift / 2} ${128 + side * 70},150 ${128 + side * 20},160 Z"/>`;

const eagles: Record<Extract<Device, { kind: 'eagle' }>['pose'], string> = {
  spread: eagleBody + wing(-1, 10) + wing(1, 10) + `<path ${s(4)} d="M96,200 L160,200"/>`,
  heraldic: eagleBody + wing(-1, 30) + wing(1, 30) + `<path ${c} d="M110,128 L146,128 L146,150 C146,166 128,174 128,174 C128,174 110,166 110,150 Z" opacity="0.6"/>`,
  flying: `<path ${c} d="M40,150 C80,120 110,110 150,120 C180,100 200,80 220,84 C206,100 196,112 190,124 C200,132 210,140 214,150 C180,146 150,148 120,150 C96,158 68,160 40,150 Z"/>`,
  perched: eagleBody + wing(-1, -20) + wing(1, -20) + `<path ${c} d="M60,200 C90,184 170,184 200,200 L200,214 L60,214 Z"/>`,
  landing: `<circle ${c} cx="128" cy="196" r="48" opacity="0.55"/>` + eagleBody + wing(-1, 40) + wing(1, 40),
  nest: `<path ${c} d="M50,190 C90,170 166,170 206,190 L196,212 L60,212 Z"/>` + `<g transform="translate(-40,-30) scale(0.8)">${eagleBody}${wing(-1, 20)}${wing(1, 20)}</g>` + `<circle ${c} cx="170" cy="172" r="12"/><circle ${c} cx="192" cy="176" r="10"/>`,
};

function building(dome: boolean, columns: number): string {
  let out = `<rect ${c} x="56" y="176" width="144" height="14"/><path ${c} d="M60,104 L128,${dome ? 96 : 72} L196,104 Z"/><rect ${c} x="62" y="104" width="132" height="10"/>`;
  for (let i = 0; i < columns; i++) out += `<rect ${c} x="${fmt(68 + (i * 116) / (columns - 1) - 4)}" y="116" width="8" height="58"/>`;
  return dome ? `<path ${c} d="M92,100 C96,62 160,62 164,100 Z"/><rect ${c} x="124" y="52" width="8" height="14"/>${out}` : out;
}

const figure = (arm: string) =>
  `<circle ${c} cx="128" cy="62" r="12"/><path ${c} d="M116,76 L140,76 L150,150 L160,210 L96,210 L106,150 Z"/>${arm}`;

export function drawDevice(device: Device): string {
  switch (device.kind) {
    case 'profile': {
      const art = head + accessories[device.accessory] + features;
      const scale = device.scale ?? 1;
      const flip = device.facing === 'right' ? `translate(256,0) scale(-1,1)` : '';
      return `<g transform="translate(128,128) scale(${scale}) translate(-128,-128) ${flip}">${art}</g>`;
    }
    case 'facing-bust':
      return `<ellipse ${c} cx="128" cy="100" rx="32" ry="42"/><path ${c} d="M60,210 C66,160 96,146 128,146 C160,146 190,160 196,210 Z"/><path ${c} d="M96,80 C100,50 156,50 160,80 C150,66 106,66 96,80 Z"/>`;
    case 'mother-and-child':
      return `<g transform="translate(-10,0)"><ellipse ${c} cx="124" cy="104" rx="30" ry="40"/><path ${c} d="M70,212 C76,166 100,150 126,150 C156,150 176,170 182,212 Z"/><path ${c} d="M96,96 C90,140 80,170 86,200 L74,200 C68,160 80,120 96,96 Z"/></g><circle ${c} cx="176" cy="150" r="18"/>`;
    case 'walking-figure':
      return `<path ${s(2)} d="M40,210 L216,210"/>${Array.from({ length: 9 }, (_, i) => `<path ${s(2)} d="M180,190 L${fmt(180 + 60 * Math.cos((-160 + i * 16) * (Math.PI / 180)))},${fmt(190 + 60 * Math.sin((-160 + i * 16) * (Math.PI / 180)))}"/>`).join('')}` +
        `<circle ${c} cx="110" cy="62" r="11"/><path ${c} d="M100,74 L124,74 L132,140 L150,206 L138,206 L120,150 L104,206 L90,206 L100,140 Z"/><path ${c} d="M120,78 C150,60 180,70 196,96 C170,92 150,96 124,100 Z"/><path ${s(4)} d="M100,90 L76,130"/>`;
    case 'standing-figure':
      return device.holds === 'shield'
        ? `<path ${s(6)} d="M56,214 L56,90 C56,50 200,50 200,90 L200,214"/>${figure(`<ellipse ${c} cx="96" cy="120" rx="18" ry="24"/>`)}`
        : `${Array.from({ length: 11 }, (_, i) => `<path ${s(1.5)} d="M128,230 L${fmt(128 + 120 * Math.cos((-170 + i * 16) * (Math.PI / 180)))},${fmt(230 + 120 * Math.sin((-170 + i * 16) * (Math.PI / 180)))}"/>`).join('')}${figure(`<path ${s(5)} d="M140,84 L166,50"/><path ${c} d="M160,32 C170,38 172,46 166,50 C160,48 156,40 160,32 Z"/>`)}`;
    case 'wreath': {
      let out = '';
      // Leaves climb both sides from the bottom (angles in degrees, counter-clockwise from +x, y up).
      for (const side of [-1, 1]) {
        for (let i = 0; i < 9; i++) {
          const deg = side === -1 ? 255 - i * 16 : 285 + i * 16;
          const a = (deg * Math.PI) / 180;
          const x = 128 + 84 * Math.cos(a);
          const y = 128 - 84 * Math.sin(a);
          out += `<ellipse ${c} cx="${fmt(x)}" cy="${fmt(y)}" rx="6" ry="15" transform="rotate(${fmt(-deg + side * 25)} ${fmt(x)} ${fmt(y)})"/>`;
        }
      }
      return device.closed ? out + `<path ${c} d="M116,30 L140,30 L140,44 C140,52 128,56 128,56 C128,56 116,52 116,44 Z"/>` : out;
    }
    case 'wheat': {
      let out = '';
      for (const side of [-1, 1]) {
        out += `<path ${s(3)} d="M${128 + side * 20},214 C${128 + side * 70},180 ${128 + side * 86},120 ${128 + side * 80},44"/>`;
        for (let i = 0; i < 8; i++) {
          const y = 56 + i * 12;
          const x = 128 + side * (80 + Math.sin(i / 3) * 4);
          out += `<ellipse ${c} cx="${fmt(x - side * 7)}" cy="${y}" rx="5" ry="9" transform="rotate(${side * -25} ${fmt(x)} ${y})"/><ellipse ${c} cx="${fmt(x + side * 7)}" cy="${y}" rx="5" ry="9" transform="rotate(${side * 25} ${fmt(x)} ${y})"/>`;
        }
      }
      return out;
    }
    case 'building':
      return building(device.dome, device.columns);
    case 'union-shield':
      return `<path ${c} d="M68,56 L188,56 L188,126 C188,176 128,206 128,206 C128,206 68,176 68,126 Z"/>` +
        Array.from({ length: 13 }, (_, i) => `<rect x="${74 + i * 8.8}" y="92" width="4.4" height="${fmt(100 - Math.abs(i - 6) * 6)}" fill="#000" opacity="0.25"/>`).join('');
    case 'bison':
      return `<path ${c} d="M40,190 C60,180 196,180 220,190 L220,204 L40,204 Z"/><path ${c} d="M60,120 C64,80 110,70 140,84 C170,74 196,92 200,120 C202,140 196,150 190,150 L188,184 L176,184 L172,154 L108,156 L100,184 L88,184 L86,150 C70,150 58,140 60,120 Z"/><path ${c} d="M60,120 C46,124 42,140 50,150 L62,146 Z"/>`;
    case 'fasces':
      return `<rect ${c} x="118" y="40" width="20" height="176" rx="6"/><path ${c} d="M138,60 C170,60 176,84 170,96 L138,96 Z"/>` +
        Array.from({ length: 7 }, (_, i) => `<ellipse ${c} cx="${fmt(150 + i * 8)}" cy="${fmt(200 - i * 16)}" rx="12" ry="5" transform="rotate(-40 ${fmt(150 + i * 8)} ${fmt(200 - i * 16)})"/>`).join('');
    case 'torch-branches':
      return `<rect ${c} x="122" y="70" width="12" height="140"/><path ${c} d="M112,70 L144,70 L138,52 L118,52 Z"/><path ${c} d="M128,20 C142,32 144,44 138,52 L118,52 C112,42 118,30 128,20 Z"/>` +
        [-1, 1].map((side) => Array.from({ length: 5 }, (_, i) => `<ellipse ${c} cx="${128 + side * (24 + i * 8)}" cy="${190 - i * 22}" rx="13" ry="6" transform="rotate(${side * -50} ${128 + side * (24 + i * 8)} ${190 - i * 22})"/>`).join('')).join('');
    case 'eagle':
      return eagles[device.pose];
    case 'bell':
      return `<path ${c} d="M128,46 C160,46 168,80 170,130 C172,160 186,176 196,186 L60,186 C70,176 84,160 86,130 C88,80 96,46 128,46 Z"/><rect ${c} x="114" y="30" width="28" height="16"/><path d="M132,90 L126,130 L134,170" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>`;
    case 'drummer':
      return `<circle ${c} cx="110" cy="66" r="14"/><path ${c} d="M96,82 L126,82 L134,150 L144,210 L84,210 L94,150 Z"/><ellipse ${c} cx="150" cy="150" rx="30" ry="20"/><path ${s(4)} d="M120,96 L160,120 M126,100 L176,128"/><path ${c} d="M196,120 C200,80 220,80 224,120 L224,200 L196,200 Z" opacity="0.7"/>`;
  }
}
