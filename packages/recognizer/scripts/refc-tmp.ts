import { loadCatalog } from '@assay/catalog';
import sharp from 'sharp';
import { borderProfiles, centeringWithFrame } from '@assay/vision';
const catalog = await loadCatalog('catalog/sample');
for (const card of catalog.cards) {
  const file = catalog.entryFile('cards', card.id, card.images.front);
  for (const W of [360]) {
    const H = Math.round(W / (63 / 88)); const m = Math.round(W * 0.05);
    const { data, info } = await sharp(file).flatten({ background: '#ffffff' }).removeAlpha().resize(W, H, { fit: 'fill' }).extend({ top: m, bottom: m, left: m, right: m, background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
    const p = borderProfiles({ width: info.width, height: info.height, data }, { margin: m });
    console.log(card.id, W, JSON.stringify(p && centeringWithFrame(p, { x: card.frame.inset_x, y: card.frame.inset_y })));
  }
}
