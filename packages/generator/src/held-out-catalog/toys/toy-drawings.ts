import { fmt, svgText } from '../../svg.ts';
import { tone as shade } from './tone.ts';
import type { HeldOutToyLook, HeldOutToyShape, HeldOutView } from './toy-list.ts';

/*
 * Held-out toy drawings in a 256×256 box. Unlike the sample's flat fills with black outlines they
 * are soft-shaded: every main, second and accent colour is a gradient lit from the upper left, and
 * edges are a faint darker shade instead of a black line. `side` is the toy turned (or seen from its other side);
 * `sprue` is a plastic kit's parts still on their frame.
 */

type Draw = (l: HeldOutToyLook, side: boolean) => string;

const M = 'url(#toy-main)';
const S = 'url(#toy-second)';
const A = 'url(#toy-accent)';

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="${rx}" fill="${fill}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const line = (d: string, colour: string, width: number) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
const wheel = (x: number, y: number, r: number, hub = '#c8c8c8') => ellipse(x, y, r, r, '#202020') + ellipse(x, y, r * 0.55, r * 0.55, hub) + ellipse(x, y, r * 0.18, r * 0.18, '#555');
const eye = (x: number, y: number, r = 5) => ellipse(x, y, r, r * 1.15, '#161616') + ellipse(x - r * 0.3, y - r * 0.4, r * 0.3, r * 0.3, '#ffffff');
const glass = '#a9d6ee';

const draws: Record<HeldOutToyShape, Draw> = {
  'tin-robot': (l, side) => {
    const antenna = l.variant === 0 ? line('M128,22 L128,6', '#777', 3) + ellipse(128, 6, 5, 5, A) : path('M112,26 L128,4 L144,26 Z', A);
    const head = side ? rect(100, 24, 56, 46, M, 6) + rect(108, 36, 10, 22, '#333', 2) : rect(96, 24, 64, 46, M, 6) + rect(104, 34, 48, 22, '#1a1a1a', 4) + ellipse(116, 45, 6, 6, A) + ellipse(140, 45, 6, 6, A);
    const chest = side ? '' : rect(108, 86, 40, 40, S, 4) + Array.from({ length: 4 }, (_, i) => rect(112, 92 + i * 8, 32, 3, '#f4e8c0')).join('') + ellipse(128, 142, 10, 10, A);
    return antenna + head + rect(118, 70, 20, 8, '#666') + rect(88, 78, 80, 92, M, 8) + chest +
      rect(64, 84, 22, 64, M, 8) + rect(170, 84, 22, 64, M, 8) + path('M64,148 L86,148 L80,164 L70,164 Z', S) + path('M170,148 L192,148 L186,164 L176,164 Z', S) +
      rect(96, 170, 26, 62, S, 4) + rect(134, 170, 26, 62, S, 4) + rect(90, 228, 38, 12, '#333', 3) + rect(128, 228, 38, 12, '#333', 3) +
      (side ? rect(160, 120, 14, 14, '#c9a227', 7) + line('M174,127 L186,127', '#c9a227', 4) : '');
  },
  coupe: (l, side) => side
    ? rect(56, 118, 144, 64, M, 22) + path('M80,118 C88,92 168,92 176,118 Z', M) + path('M90,116 C96,100 160,100 166,116 Z', glass) + rect(70, 150, 26, 10, '#fff7c0', 4) + rect(160, 150, 26, 10, '#fff7c0', 4) +
      rect(104, 156, 48, 14, '#222', 3) + rect(60, 178, 22, 30, '#1a1a1a', 5) + rect(174, 178, 22, 30, '#1a1a1a', 5) + rect(122, 96, 12, 86, S)
    : path('M14,170 C14,150 40,146 70,140 C90,116 120,104 160,106 C190,108 214,126 230,140 C242,144 246,156 244,170 Z', M) + path('M96,138 C110,118 134,112 158,114 C176,116 190,126 198,138 Z', glass) +
      rect(14, 150, 232, 8, S) + ellipse(128, 152, 20, 20, '#fafafa') + svgText(128, 160, String(l.variant), { size: 22, fill: '#111', anchor: 'middle', weight: 'bold' }) +
      wheel(62, 172, 22) + wheel(200, 172, 22) + rect(228, 148, 12, 6, '#fff3a0', 2),
  'rally-car': (l, side) => side
    ? rect(60, 104, 136, 80, M, 14) + rect(72, 110, 112, 32, glass, 6) + rect(60, 84, 136, 20, M, 8) + rect(84, 80, 88, 8, '#333', 2) + ellipse(86, 160, 12, 12, A) + ellipse(170, 160, 12, 12, A) + rect(64, 182, 22, 28, '#1a1a1a', 5) + rect(170, 182, 22, 28, '#1a1a1a', 5)
    : path('M20,168 L24,136 L70,128 L90,96 L176,96 L196,128 L236,134 L240,168 Z', M) + path('M98,102 L170,102 L186,128 L84,128 Z', glass) + rect(24, 136, 216, 14, S) +
      rect(96, 84, 60, 10, '#333', 3) + ellipse(100, 89, 6, 6, A) + ellipse(152, 89, 6, 6, A) + wheel(66, 170, 22) + wheel(196, 170, 22) + svgText(150, 162, 'RALLYE', { size: 12, fill: '#ffffff', weight: 'bold' }),
  locomotive: (l, side) => side
    ? ellipse(128, 110, 54, 54, M) + ellipse(128, 110, 34, 34, '#222') + rect(108, 36, 40, 26, '#1a1a1a', 4) + rect(70, 160, 116, 40, M, 6) + rect(80, 200, 96, 14, S) + ellipse(128, 88, 8, 8, A)
    : rect(40, 96, 140, 64, M, 30) + rect(60, 64, 18, 34, S, 3) + rect(176, 70, 60, 90, M, 4) + rect(188, 82, 36, 26, glass, 3) + rect(20, 158, 226, 14, S) +
      line('M52,112 L176,112', l.accent, 3) + rect(100, 84, 18, 14, A, 6) + [52, 96, 140].map((x) => wheel(x + 16, 186, 20, l.accent)).join('') + wheel(218, 190, 14, l.accent) + path('M14,172 L34,150 L34,172 Z', '#333'),
  tractor: (l, side) => side
    ? rect(84, 60, 88, 90, S, 6) + rect(94, 70, 68, 40, glass, 4) + rect(92, 120, 72, 60, M, 8) + rect(104, 132, 48, 20, '#333', 3) + rect(56, 150, 34, 76, '#1a1a1a', 10) + rect(166, 150, 34, 76, '#1a1a1a', 10)
    : path('M60,150 L60,110 L150,110 L160,132 L226,134 L226,170 L60,170 Z', M) + rect(70, 50, 70, 62, S, 4) + rect(80, 58, 50, 40, glass, 3) + rect(200, 90, 8, 44, '#333') +
      wheel(90, 176, 46, l.second) + wheel(206, 190, 26, l.second) + rect(160, 140, 64, 6, '#1a1a1a'),
  helicopter: (l, side) => {
    const rotor = line('M20,50 L236,50', '#333', 5) + rect(122, 50, 12, 18, '#444');
    return side
      ? rotor + ellipse(128, 116, 50, 48, M) + ellipse(128, 104, 34, 26, glass) + rect(120, 160, 16, 30, M) + line('M70,196 L186,196', '#333', 5) + line('M96,170 L96,196 M160,170 L160,196', '#333', 4) + rect(86, 130, 84, 10, S)
      : rotor + path('M40,120 C40,84 80,68 120,68 C160,68 180,90 184,116 L244,104 L248,118 L186,136 C176,150 150,160 110,160 C70,160 40,148 40,120 Z', M) +
        path('M48,112 C52,90 76,78 104,78 L108,118 Z', glass) + rect(70, 124, 110, 10, S) + path('M236,92 L250,80 L252,118 L240,120 Z', A) + line('M70,190 L190,190', '#333', 5) + line('M96,160 L90,190 M160,160 L166,190', '#333', 4) +
        (l.variant === 1 ? rect(120, 84, 40, 24, '#222', 4) : '');
  },
  biplane: (l, side) => side
    ? rect(20, 96, 216, 12, M, 4) + rect(20, 146, 216, 12, M, 4) + line('M60,108 L60,146 M196,108 L196,146', '#333', 3) + ellipse(128, 128, 26, 26, S) + ellipse(128, 128, 6, 40, '#444', 'opacity="0.6"') +
      line('M110,158 L96,196 M146,158 L160,196', '#333', 3) + wheel(96, 200, 10) + wheel(160, 200, 10)
    : path('M30,130 C40,116 120,110 190,118 L236,104 L242,132 L190,140 C120,148 40,146 30,130 Z', M) + rect(60, 92, 120, 10, S, 4) + rect(60, 150, 130, 10, S, 4) +
      line('M80,102 L86,150 M156,102 L150,150', '#333', 2.5) + ellipse(34, 128, 6, 30, '#444', 'opacity="0.5"') + ellipse(136, 134, 12, 12, A) + ellipse(136, 134, 5, 5, '#ffffff') +
      line('M80,148 L72,186 M104,148 L110,186', '#333', 3) + wheel(70, 190, 11) + wheel(112, 190, 11),
  castle: (l, side) => {
    const tower = (x: number, h: number) => rect(x, 230 - h, 44, h, M) + Array.from({ length: 3 }, (_, i) => rect(x + 2 + i * 15, 230 - h - 10, 10, 12, M)).join('') + rect(x + 16, 230 - h + 26, 12, 18, '#2a2a2a', 5);
    return rect(12, 230, 232, 14, S) + tower(24, 150) + tower(188, 150) + rect(66, 130, 124, 100, shade(l.main, 0.88)) +
      Array.from({ length: 8 }, (_, i) => rect(68 + i * 15.5, 120, 10, 12, shade(l.main, 0.88))).join('') +
      path('M108,230 L108,180 C108,160 148,160 148,180 L148,230 Z', '#2d2218') + line('M46,70 L46,40 M210,70 L210,40', '#444', 3) +
      path(side ? 'M210,40 L236,48 L210,56 Z' : 'M46,40 L72,48 L46,56 Z', A) + Array.from({ length: 9 }, (_, i) => rect(20 + i * 26, 226, 10, 4, shade(l.second, 0.8))).join('');
  },
  windmill: (l, side) => {
    const angle = side ? 20 : 0;
    const sail = (a: number) => `<g transform="rotate(${a + angle} 128 84)">${rect(122, 4, 12, 80, '#5a3a1e')}${Array.from({ length: 6 }, (_, i) => rect(108, 8 + i * 12, 26, 9, l.second)).join('')}</g>`;
    return path('M92,236 L104,96 L152,96 L164,236 Z', M) + path('M96,100 L128,60 L160,100 Z', A) + [0, 90, 180, 270].map(sail).join('') + ellipse(128, 84, 10, 10, '#333') +
      rect(116, 196, 24, 40, '#3a2a1a', 3) + rect(114, 130, 14, 16, glass) + rect(24, 236, 208, 10, '#4f8a3a');
  },
  shuttle: (l, side) => rect(30, 228, 196, 16, '#777') + rect(40, 60, 22, 170, '#d1482c') + Array.from({ length: 8 }, (_, i) => line(`M40,${70 + i * 20} L62,${80 + i * 20}`, '#8a2c1a', 3)).join('') +
    (side
      ? ellipse(150, 130, 30, 96, '#e8761b') + path('M104,120 C104,70 128,40 128,40 C128,40 152,70 152,120 L152,224 L104,224 Z', M) + path('M196,120 C196,70 172,40 172,40 C172,40 148,70 148,120 L148,224 L196,224 Z', M)
      : ellipse(146, 128, 32, 100, '#e8761b') + rect(104, 70, 24, 156, M, 10) + rect(166, 70, 24, 156, M, 10) + path('M128,110 C128,80 146,60 150,56 C154,60 170,80 170,110 L170,200 L190,222 L108,222 L128,200 Z', M) +
        path('M140,90 L160,90 L158,104 L142,104 Z', '#222') + rect(140, 150, 20, 30, S, 3)),
  elephant: (l, side) => ellipse(128, 168, 74, 56, M) + ellipse(128, 178, 40, 32, S, 'opacity="0.5"') + ellipse(128, 96, 54, 50, M) +
    (side ? ellipse(96, 96, 30, 40, S, 'opacity="0.85"') + path('M170,104 C196,110 206,140 196,170 L184,168 C190,144 182,124 166,118 Z', M) + eye(150, 88)
      : ellipse(66, 94, 34, 42, M) + ellipse(190, 94, 34, 42, M) + ellipse(66, 96, 22, 30, S) + ellipse(190, 96, 22, 30, S) + path('M116,112 C114,150 118,170 108,190 L124,192 C134,170 140,150 140,112 Z', M) + eye(108, 88) + eye(148, 88)) +
    ellipse(92, 222, 22, 14, M) + ellipse(164, 222, 22, 14, M) + ellipse(92, 228, 16, 6, S),
  octopus: (l, side) => {
    let legs = '';
    for (let i = 0; i < 8; i++) {
      const x = 52 + i * 22;
      const curl = (i % 2 === 0 ? 1 : -1) * (side ? -1 : 1);
      legs += path(`M${x - 9},150 C${x - 12},190 ${x + curl * 18},200 ${x + curl * 14},226 C${x + curl * 6},232 ${x - 2},222 ${x + 1},204 C${x + 4},186 ${x + 10},170 ${x + 9},150 Z`, M);
    }
    return legs + ellipse(128, 108, 76, 70, M) + ellipse(100, 78, 26, 18, '#ffffff', 'opacity="0.25"') + ellipse(side ? 148 : 128, 138, 22, 10, S) +
      (side ? eye(150, 118, 7) : eye(104, 118, 7) + eye(152, 118, 7)) + line(side ? 'M150,150 Q160,156 170,150' : 'M116,150 Q128,158 140,150', '#2a2a2a', 3);
  },
  sloth: (l, side) => line('M20,40 L236,40', '#6b4a2a', 12) + path('M70,46 C60,90 70,120 96,150 L110,140 C94,116 90,90 96,46 Z', M) + path('M186,46 C196,90 186,120 160,150 L146,140 C162,116 166,90 160,46 Z', M) +
    ellipse(128, 160, 58, 66, M) + ellipse(128, 110, 44, 38, M) + ellipse(side ? 140 : 128, 114, 32, 24, S) +
    (side ? path('M140,108 C146,102 154,102 160,108', 'none', `stroke="${l.accent}" stroke-width="8" stroke-linecap="round"`) + eye(152, 108, 4)
      : path('M104,112 C108,104 118,104 122,112 M134,112 C138,104 148,104 152,112', 'none', `stroke="${l.accent}" stroke-width="9" stroke-linecap="round"`) + eye(113, 110, 4) + eye(143, 110, 4) + ellipse(128, 124, 5, 4, '#2a2a2a')) +
    ellipse(100, 222, 20, 14, M) + ellipse(156, 222, 20, 14, M),
  whale: (l, side) => (side
    ? ellipse(128, 150, 70, 74, M) + ellipse(128, 176, 48, 44, S) + path('M60,150 C30,150 22,170 30,180 C44,176 56,168 64,160 Z M196,150 C226,150 234,170 226,180 C212,176 200,168 192,160 Z', M) + eye(104, 128, 6) + eye(152, 128, 6) + line('M112,152 Q128,162 144,152', '#1b2f52', 3)
    : path('M18,150 C18,98 72,76 130,80 C186,84 220,120 224,150 C226,172 206,196 150,198 C90,200 18,196 18,150 Z', M) + path('M24,166 C60,190 180,196 222,162 C214,188 180,200 130,200 C80,200 36,192 24,166 Z', S) +
      path('M212,136 C234,112 250,104 252,88 C240,96 232,98 222,96 C226,110 222,122 208,130 Z', M) + eye(66, 140, 6) + path('M96,60 C96,44 104,36 110,40 C108,48 104,54 104,64 Z', '#9fd3f5') + line('M50,160 Q64,168 80,162', '#1b2f52', 3)),
  'rag-doll': (l, side) => {
    const hair = Array.from({ length: 9 }, (_, i) => ellipse(90 + i * 9.5, 44 + Math.abs(i - 4) * 3, 9, 12, l.accent)).join('');
    return hair + ellipse(128, 64, 36, 36, '#f4d7be') + (side ? eye(144, 62, 3) : eye(116, 62, 3) + eye(140, 62, 3) + ellipse(110, 74, 6, 4, '#e79a9a') + ellipse(146, 74, 6, 4, '#e79a9a')) +
      line(side ? 'M140,80 Q146,84 152,80' : 'M118,80 Q128,88 138,80', '#9c3b3b', 2) +
      path('M100,100 L156,100 L190,214 L66,214 Z', M) + Array.from({ length: 6 }, (_, i) => ellipse(80 + i * 19, 196, 4, 4, S)).join('') + rect(110, 100, 36, 46, S, 4) +
      path('M100,104 C80,120 74,150 78,170 L90,170 C88,150 94,130 108,116 Z M156,104 C176,120 182,150 178,170 L166,170 C168,150 162,130 148,116 Z', '#f4d7be') +
      rect(98, 214, 18, 30, '#f6efe0') + rect(140, 214, 18, 30, '#f6efe0') + Array.from({ length: 3 }, (_, i) => line(`M98,${220 + i * 8} L116,${220 + i * 8} M140,${220 + i * 8} L158,${220 + i * 8}`, l.main, 3)).join('');
  },
  'nesting-dolls': (l, side) => {
    const doll = (x: number, s: number) => `<g transform="translate(${x},236) scale(${s})">` +
      path('M-30,0 C-40,-40 -34,-70 -22,-84 C-32,-100 -28,-130 0,-132 C28,-130 32,-100 22,-84 C34,-70 40,-40 30,0 Z', M) +
      ellipse(0, -102, 16, 18, '#f6dcc6') + eye(-6, -104, 2.4) + eye(6, -104, 2.4) + ellipse(0, -46, 20, 26, S) + ellipse(0, -48, 9, 9, A) + `</g>`;
    const sizes = side ? [[60, 0.7], [118, 0.85], [190, 1]] : [[30, 0.55], [76, 0.68], [128, 0.82], [194, 1]];
    return sizes.map(([x, s]) => doll(x!, s!)).join('');
  },
  trex: (l, side) => (side
    ? path('M100,230 L104,170 C90,150 92,110 110,96 C112,70 120,50 140,48 C160,48 170,62 164,80 L150,90 C162,110 164,150 152,170 L156,230 L138,230 L132,180 L122,180 L118,230 Z', M) + eye(150, 64, 3)
    : path('M20,150 C60,150 90,136 110,126 C120,96 150,80 180,84 C204,86 224,96 230,108 L236,124 L204,126 L196,134 C186,150 172,160 160,166 L164,222 L176,230 L146,230 L142,176 L118,176 L122,222 L134,230 L104,230 L98,170 C80,166 50,162 20,150 Z', M) +
      path('M200,126 L234,124 L232,132 L206,134 Z', '#f5f0e0') + eye(196, 100, 4) + path('M150,130 L166,140 L160,150 Z', M) + path('M116,150 C130,160 150,164 164,160', 'none', `stroke="${l.second}" stroke-width="10" opacity="0.6"`)),
  stegosaurus: (l, side) => {
    const plates = Array.from({ length: 7 }, (_, i) => {
      const x = 70 + i * 20;
      const h = 26 + 14 * Math.sin((i / 6) * Math.PI);
      return path(`M${x - 10},${124 - Math.sin((i / 6) * Math.PI) * 24} L${x},${96 - h} L${x + 10},${124 - Math.sin((i / 6) * Math.PI) * 24} Z`, A);
    }).join('');
    return side
      ? path('M80,230 L86,150 C86,120 110,104 128,104 C146,104 170,120 170,150 L176,230 L150,230 L146,190 L110,190 L106,230 Z', M) + path('M110,104 L128,60 L146,104 Z', A) + eye(120, 140, 3) + eye(136, 140, 3)
      : plates + path('M20,170 C40,150 60,130 90,118 C130,100 170,106 196,130 C214,146 230,150 244,146 C240,160 226,166 206,164 L196,222 L178,222 L172,180 L110,182 L104,222 L86,222 L82,176 C60,176 40,178 20,170 Z', M) +
        line('M14,170 L2,160 M16,172 L2,184', l.second, 4) + eye(226, 150, 3);
  },
  'vinyl-bun': (l, side) => {
    const hat = l.variant === 0
      ? ellipse(128, 82, 72, 66, '#e8eef8', 'opacity="0.55"') + rect(90, 140, 76, 10, '#c0c8d6', 4)
      : path('M88,40 C80,10 116,4 128,20 C140,4 176,10 168,40 L164,56 L92,56 Z', '#ffffff') + rect(92, 52, 72, 10, '#eeeeee', 3);
    return path('M92,60 C84,10 100,0 108,8 C112,24 112,44 110,60 Z M164,60 C172,10 156,0 148,8 C144,24 144,44 146,60 Z', M) + path('M98,56 C96,30 102,18 106,18 C108,30 108,44 106,58 Z', l.second, 'opacity="0.6"') +
      ellipse(128, 100, 62, 54, M) + eye(106, 100, 7) + eye(150, 100, 7) + ellipse(128, 116, 5, 4, l.second) + hat +
      path('M90,146 C84,200 100,226 128,226 C156,226 172,200 166,146 Z', l.second) + (l.variant === 0 ? ellipse(128, 178, 16, 16, A) : rect(108, 162, 40, 36, '#ffffff', 4)) +
      ellipse(104, 232, 18, 10, M) + ellipse(152, 232, 18, 10, M);
  },
  barn: (l, side) => rect(30, 226, 196, 12, '#7a9a3a') + path('M40,226 L40,120 L128,56 L216,120 L216,226 Z', M) + path('M40,120 L128,56 L216,120 L206,128 L128,72 L50,128 Z', S) +
    rect(92, 150, 72, 76, S) + line('M92,150 L164,226 M164,150 L92,226', l.main, 6) + rect(112, 96, 32, 28, S) +
    (side ? rect(170, 160, 30, 30, glass) : ellipse(216, 214, 24, 14, '#f4efe4') + ellipse(222, 204, 9, 8, '#f4efe4') + ellipse(208, 212, 7, 5, '#2a2a2a')),
  dollhouse: (l, side) => rect(24, 234, 208, 10, '#9c7a5a') + rect(40, 96, 176, 138, M) + path('M28,100 L128,28 L228,100 Z', S) +
    (side
      ? line('M128,100 L128,234 M40,166 L216,166', '#ffffff', 5) + rect(56, 120, 50, 30, '#fff3d6') + rect(150, 180, 50, 40, '#e9f1d8') + rect(60, 190, 28, 28, l.second) + rect(160, 126, 36, 18, l.accent)
      : rect(58, 116, 34, 30, glass) + rect(164, 116, 34, 30, glass) + rect(58, 178, 34, 30, glass) + rect(112, 176, 32, 58, S, 3) + ellipse(140, 206, 3, 3, '#c9a227') +
        ellipse(128, 72, 14, 14, glass) + rect(166, 176, 30, 30, glass) + line('M58,146 L92,146 M164,146 L198,146', l.accent, 5)),
  'mech-car': (l, side) => side
    ? path('M20,178 L30,142 L88,132 L110,104 L178,104 L202,134 L238,140 L240,178 Z', M) + path('M116,110 L172,110 L190,132 L104,132 Z', glass) + rect(30, 150, 208, 10, S) + wheel(70, 182, 24) + wheel(196, 182, 24) + rect(120, 140, 40, 10, A)
    : rect(100, 20, 56, 44, S, 6) + rect(110, 34, 36, 12, A) + rect(84, 66, 88, 70, M, 6) + rect(98, 76, 60, 30, glass, 4) + rect(52, 66, 30, 90, M, 6) + rect(174, 66, 30, 90, M, 6) +
      wheel(66, 150, 16) + wheel(190, 150, 16) + rect(94, 136, 30, 94, S, 4) + rect(132, 136, 30, 94, S, 4) + rect(88, 222, 42, 14, M, 3) + rect(126, 222, 42, 14, M, 3) + rect(118, 110, 20, 20, A, 3),
  knight: (l, side) => path('M104,40 C104,12 152,12 152,40 L152,74 L104,74 Z', M) + (side ? rect(136, 40, 16, 6, '#222') : rect(108, 38, 40, 6, '#222') + line('M128,44 L128,70', '#444', 2)) +
    path('M120,14 C124,2 132,2 136,14', 'none', `stroke="${l.accent}" stroke-width="6"`) +
    path('M92,78 L164,78 L170,150 L86,150 Z', M) + path('M100,82 L156,82 L160,148 L96,148 Z', S) + path('M118,92 L138,92 L138,110 L128,120 L118,110 Z', A) +
    rect(66, 82, 22, 64, M, 8) + rect(168, 82, 22, 64, M, 8) + rect(96, 150, 28, 80, M, 4) + rect(132, 150, 28, 80, M, 4) + rect(92, 226, 36, 12, '#333', 3) + rect(128, 226, 36, 12, '#333', 3) +
    (side ? path('M170,60 L178,60 L178,200 L170,200 Z', '#cfd8dc') : path('M34,100 L74,100 L74,150 C74,170 54,182 54,182 C54,182 34,170 34,150 Z', S) + path('M46,120 L62,120 L62,136 L54,146 L46,136 Z', A) + rect(186, 40, 6, 120, '#cfd8dc') + rect(176, 150, 26, 6, A)),
  'jack-in-the-box': (l, side) => rect(60, 150, 136, 86, M, 4) + path('M60,150 L80,132 L216,132 L196,150 Z', shade(l.main, 1.2)) + path('M196,150 L216,132 L216,218 L196,236 Z', shade(l.main, 0.7)) +
    Array.from({ length: 4 }, (_, i) => ellipse(86 + i * 28, 194, 10, 10, i % 2 === 0 ? S : A)).join('') +
    (side ? line('M206,170 L236,170', '#888', 4) + rect(234, 160, 10, 22, '#888', 3) : '') +
    path('M110,132 C100,116 150,112 140,100 C130,88 112,100 118,86', 'none', `stroke="#888" stroke-width="6"`) +
    ellipse(128, 66, 30, 30, '#f8e6d8') + path('M98,50 L128,6 L158,50 Z', A) + ellipse(128, 6, 6, 6, S) + ellipse(128, 72, 7, 7, '#d32f2f') + eye(116, 60, 3) + eye(140, 60, 3) +
    path('M96,92 C104,84 152,84 160,92 C152,100 104,100 96,92 Z', S),
  marbles: () => {
    const marble = (x: number, y: number, r: number, c: string) => ellipse(x, y, r, r, c) + path(`M${fmt(x - r * 0.6)},${fmt(y)} C${fmt(x - r * 0.2)},${fmt(y - r * 0.6)} ${fmt(x + r * 0.3)},${fmt(y + r * 0.6)} ${fmt(x + r * 0.7)},${fmt(y - r * 0.1)}`, 'none', `stroke="#ffffff" stroke-width="${fmt(r * 0.25)}" opacity="0.7"`) + ellipse(x - r * 0.35, y - r * 0.4, r * 0.22, r * 0.18, '#ffffff', 'opacity="0.8"');
    const colours = ['#2e7d32', '#1565c0', '#f9a825', '#c62828', '#6a1b9a', '#00838f'];
    let out = '';
    for (let i = 0; i < 15; i++) {
      const row = Math.floor(i / 5);
      out += marble(56 + (i % 5) * 36 + row * 18, 206 - row * 30, 17, colours[i % colours.length]!);
    }
    return out + marble(210, 226, 24, '#f9a825');
  },
};

/** A kit's parts on their frame: the runners, and the parts as flat shapes in the kit's plastic. */
function sprue(l: HeldOutToyLook): string {
  const runner = shade(l.main, 0.9);
  const parts = [
    rect(40, 50, 120, 14, M, 6), rect(40, 80, 120, 14, M, 6), path('M180,40 L230,52 L226,80 L180,72 Z', M), ellipse(196, 120, 22, 22, M), rect(40, 116, 70, 10, M, 4),
    path('M40,150 L110,150 L116,170 L46,170 Z', M), rect(136, 150, 12, 60, M, 4), rect(160, 150, 12, 60, M, 4), ellipse(70, 200, 14, 14, M), ellipse(104, 200, 14, 14, M), rect(190, 170, 40, 10, M, 3),
  ].join('');
  // Runners stop short of each other, so the table shows through between the parts.
  const frame = line('M34,28 L230,28 M34,228 L230,228 M24,38 L24,218 M240,38 L240,218', runner, 6) +
    line('M34,106 L116,106 M140,106 L230,106 M34,140 L116,140 M140,140 L230,140 M128,38 L128,96 M128,150 L128,218 M176,38 L176,96 M176,150 L176,218', runner, 4);
  return frame + parts + svgText(36, 222, 'A', { size: 14, fill: shade(l.main, 0.5), weight: 'bold' });
}

function gradient(id: string, colour: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0.8" y2="1"><stop offset="0" stop-color="${shade(colour, 1.25)}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${shade(colour, 0.7)}"/></linearGradient>`;
}

/**
 * The toy's drawing as SVG elements in a 256×256 box. No floor shadow: the photo generator cuts
 * the toy out of its background and casts its own.
 */
export function drawHeldOutToy(look: HeldOutToyLook, view: HeldOutView): string {
  const defs = `<defs>${gradient('toy-main', look.main)}${gradient('toy-second', look.second)}${gradient('toy-accent', look.accent)}` +
    `</defs>`;
  // Every shape gets a soft edge, a darker shade of its own colour: it reads as the shading at a
  // moulded edge, and keeps a pale part (a white shuttle, a cream apron) from merging into the
  // backdrop when the photo generator cuts the toy out.
  const art = view === 'sprue' ? sprue(look) : draws[look.shape](look, view === 'side');
  return `${defs}<g stroke="#000" stroke-opacity="0.32" stroke-width="1.6" stroke-linejoin="round">${art}</g>`;
}
