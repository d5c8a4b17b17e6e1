import { loadCatalog } from '@assay/catalog';
const c = await loadCatalog('catalog/sample');
console.log(c.cards.length, c.coins.length, c.toys.length, c.manifest.card_games);
