import { analyseCardPhoto } from '@assay/cards/diagnostics';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '@assay/cards/test-support';
const times: number[] = [];
for (const [i, deg] of [0, 12, -25, 80, 170, 5, -8, 95].entries()) {
  const shiftX = (i % 3 - 1) * 0.02;
  const card = await renderCard({ border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045, shiftX, shiftY: 0.01 });
  const bg = await renderBackground(1400, 1050, 7 + i);
  paintCard(bg, card, cardQuad(700 + i * 20, 525, 500 + i * 40, deg, 0.06));
  const jpeg = await toJpeg(bg, 85);
  const t0 = performance.now();
  const a = await analyseCardPhoto(jpeg);
  times.push(performance.now() - t0);
  const truthH = (0.06 + shiftX) / 0.12;
  const truthV = (0.045 + 0.01) / 0.09;
  const c = a.card?.borders?.centering;
  const flip = deg > 90 && deg < 270;
  const h = c ? (flip ? 1 - c.horizontal : c.horizontal) : NaN;
  const v = c ? (flip ? 1 - c.vertical : c.vertical) : NaN;
  console.log(deg, a.quads.length, `h ${h.toFixed(3)} (truth ${truthH.toFixed(3)}) v ${v.toFixed(3)} (truth ${truthV.toFixed(3)})`, JSON.stringify(a.timings), JSON.stringify(a.card?.wear), JSON.stringify(a.card?.quality), a.card?.holderLabel ? 'label' : '');
}
console.log('median ms', times.sort((a, b) => a - b)[times.length >> 1]);
