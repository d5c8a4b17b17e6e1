import type { ToyRecord } from '../../catalog-records.ts';

/*
 * Invented toys from invented makers. Every name, brand, model number and mark here is ours.
 * One deliberate hard pair (the same die-cast casting in two colours, told apart by colour and
 * model number) keeps identification honest.
 */

export type ToyShape =
  | 'figure' | 'mecha' | 'doll' | 'bear' | 'bunny' | 'cat' | 'penguin' | 'car' | 'truck' | 'bus' | 'spaceship'
  | 'lighthouse' | 'outpost' | 'bakery' | 'pirate-rock' | 'ranger-base' | 'fox' | 'owl' | 'hedgehog' | 'top' | 'yoyo';

export interface ToyLook {
  shape: ToyShape;
  primary: string;
  secondary: string;
  accent: string;
  /** Small shape variations within a kind (helmet style, car body, accessory). */
  variant: number;
}

export type PackagingStyle = 'window-box' | 'blister' | 'hang-tag' | 'box';

export interface SampleToy extends ToyRecord {
  look: ToyLook;
  packaging: PackagingStyle;
}

interface Maker {
  brand: string;
  manufacturer: string;
  prefix: string;
  franchise: string | null;
  toyLine: string | null;
  packaging: PackagingStyle;
}

const brightforge: Maker = { brand: 'Brightforge', manufacturer: 'Brightforge Toys Ltd.', prefix: 'BF', franchise: 'Galactic Rangers', toyLine: 'Galactic Rangers Classic', packaging: 'blister' };
const orbit: Maker = { brand: 'Orbit Playthings', manufacturer: 'Orbit Playthings Co.', prefix: 'OP', franchise: 'Mecha Brawlers', toyLine: 'Mecha Brawlers Build Series', packaging: 'box' };
const kestrel: Maker = { brand: 'Turbo Trax', manufacturer: 'Kestrel Kidworks Inc.', prefix: 'KX', franchise: null, toyLine: 'Turbo Trax 1:64', packaging: 'blister' };
const mossbeck: Maker = { brand: 'Meadow Friends', manufacturer: 'Mossbeck & Co.', prefix: 'MF', franchise: 'Meadow Friends', toyLine: 'Meadow Friends Cuddlers', packaging: 'hang-tag' };
const tinkerline: Maker = { brand: 'Tinkerline', manufacturer: 'Tinkerline Systems AB', prefix: 'TL', franchise: null, toyLine: 'Tinkerline Town', packaging: 'box' };
const lumen: Maker = { brand: 'Lumen Dolls', manufacturer: 'Lumen Dolls LLC', prefix: 'LD', franchise: 'Starlight Academy', toyLine: 'Starlight Academy Fashion Dolls', packaging: 'window-box' };
const harbor: Maker = { brand: 'Harbor & Pike', manufacturer: 'Harbor & Pike Toy Co.', prefix: 'HP', franchise: 'Pirate Cove', toyLine: 'Pirate Cove Adventures', packaging: 'box' };
const quill: Maker = { brand: 'Quillfeather', manufacturer: 'Quillfeather Studios', prefix: 'QF', franchise: 'Woodland Tales', toyLine: 'Woodland Tales Collectibles', packaging: 'window-box' };
const zipline: Maker = { brand: 'Zipline', manufacturer: 'Zipline Toys GmbH', prefix: 'ZT', franchise: null, toyLine: 'Zipline Skill Toys', packaging: 'blister' };

const look = (shape: ToyShape, primary: string, secondary: string, accent: string, variant = 0): ToyLook => ({ shape, primary, secondary, accent, variant });

type Row = [maker: Maker, name: string, character: string | null, year: string, series: string | null, subType: SampleToy['subType'], model: string, look: ToyLook, price: number, range: [number, number], extra?: Partial<SampleToy>];

const rows: Row[] = [
  [brightforge, 'Commander Nova Vance', 'Nova Vance', '1998', 'Wave 1', 'action_figure', '4471', look('figure', '#1f4fa8', '#d9d9d9', '#ffcc00', 0), 48, [30, 75]],
  [brightforge, 'Zorn the Destroyer', 'Zorn', '1998', 'Wave 1', 'action_figure', '4472', look('figure', '#5a1e6e', '#2b2b2b', '#e03030', 1), 62, [40, 95]],
  [brightforge, 'Cadet Pip Marlow', 'Pip Marlow', '1999', 'Wave 2', 'action_figure', '4485', look('figure', '#2e8b57', '#f2e6c9', '#ff7f27', 2), 28, [18, 45]],
  [brightforge, 'Starhawk Ranger (Anniversary Reissue)', 'Starhawk', '2018', 'Anniversary', 'action_figure', '9051', look('figure', '#c0392b', '#f5f5f5', '#1f1f1f', 3), 22, [15, 32]],
  [brightforge, 'Galactic Rangers Star Cruiser', null, '1999', 'Vehicles', 'vehicle', '4490', look('spaceship', '#e8e8e8', '#1f4fa8', '#ff7f27', 0), 95, [60, 150], { packaging: 'box' }],
  [brightforge, 'Ranger Base Alpha', null, '2000', 'Playsets', 'playset', '4600', look('ranger-base', '#9aa5b1', '#1f4fa8', '#ffcc00', 0), 140, [90, 220], { packaging: 'box' }],
  [orbit, 'Ironclad Rex 1:100 Kit', 'Ironclad Rex', '2006', 'Series 1', 'model_kit', '2210', look('mecha', '#d64541', '#f0f0f0', '#2c3e50', 0), 42, [30, 60]],
  [orbit, 'Vortex Striker 1:100 Kit', 'Vortex Striker', '2007', 'Series 2', 'model_kit', '2234', look('mecha', '#2c82c9', '#f7ca18', '#1a1a1a', 1), 39, [28, 55]],
  [orbit, 'Titan Guardian Deluxe Figure', 'Titan Guardian', '2009', 'Deluxe', 'action_figure', '2301', look('mecha', '#6c7a89', '#f39c12', '#1e824c', 2), 55, [35, 85]],
  [kestrel, 'Thunderbolt GT (Racing Red)', null, '2004', 'Speed Kings', 'die_cast', '0412', look('car', '#d91e18', '#1a1a1a', '#f5f5f5', 0), 9, [5, 16]],
  [kestrel, 'Thunderbolt GT (Chrome Blue)', null, '2004', 'Speed Kings', 'die_cast', '0413', look('car', '#3a7bd5', '#1a1a1a', '#f5f5f5', 0), 14, [8, 24]],
  [kestrel, 'Desert Scorpion 4x4', null, '2005', 'Off-Road', 'die_cast', '0440', look('car', '#d4a017', '#3b3b3b', '#8b0000', 1), 7, [4, 12]],
  [kestrel, 'Blue Comet City Bus', null, '2003', 'City Service', 'die_cast', '0388', look('bus', '#2563eb', '#f8fafc', '#facc15', 0), 11, [6, 18]],
  [kestrel, "Vintage Roadster '57", null, '2011', 'Classics', 'die_cast', '0721', look('car', '#0f766e', '#f5f5dc', '#c0c0c0', 2), 12, [7, 20]],
  [kestrel, 'Midnight Interceptor', null, '2008', 'Night Patrol', 'vehicle', '5502', look('car', '#111827', '#6b7280', '#60a5fa', 3), 24, [15, 38], { packaging: 'box' }],
  [kestrel, 'Rescue Ladder Truck', null, '2010', 'City Service', 'vehicle', '5530', look('truck', '#b91c1c', '#e5e7eb', '#fbbf24', 0), 32, [20, 50], { packaging: 'box' }],
  [mossbeck, 'Barnaby Bear', 'Barnaby', '2012', 'Classic Cuddlers', 'plush', '1001', look('bear', '#a0522d', '#f5deb3', '#2f4f4f', 0), 26, [18, 40]],
  [mossbeck, 'Clover Bunny', 'Clover', '2013', 'Classic Cuddlers', 'plush', '1004', look('bunny', '#f2f2f2', '#f4b6c2', '#6b8e23', 0), 22, [15, 34]],
  [mossbeck, 'Pudding the Cat', 'Pudding', '2015', 'Farmhouse', 'plush', '1022', look('cat', '#f4a460', '#fff8dc', '#4682b4', 0), 19, [12, 30]],
  [mossbeck, 'Sir Waddles Penguin', 'Sir Waddles', '2016', 'Polar Pals', 'plush', '1040', look('penguin', '#1f2937', '#f9fafb', '#f59e0b', 0), 21, [14, 32]],
  [tinkerline, 'Harbour Lighthouse', null, '2014', 'Seaside', 'building_set', '3120', look('lighthouse', '#e11d48', '#f8fafc', '#1e3a8a', 0), 85, [60, 130]],
  [tinkerline, 'Mars Outpost', null, '2017', 'Space', 'building_set', '3304', look('outpost', '#d1d5db', '#ea580c', '#0ea5e9', 0), 120, [80, 180]],
  [tinkerline, 'Corner Bakery', null, '2019', 'Main Street', 'building_set', '3411', look('bakery', '#fcd34d', '#92400e', '#be123c', 0), 95, [70, 140]],
  [lumen, 'Aria Starlight', 'Aria', '2015', 'Graduation Gala', 'doll', '7001', look('doll', '#9333ea', '#fde68a', '#f472b6', 0), 38, [25, 60]],
  [lumen, 'Juniper Vale', 'Juniper', '2016', 'Garden Party', 'doll', '7014', look('doll', '#16a34a', '#7c2d12', '#fef3c7', 1), 34, [22, 55]],
  [harbor, 'Skull Rock Hideout', null, '2002', 'Island Series', 'playset', '6600', look('pirate-rock', '#78716c', '#15803d', '#fbbf24', 0), 110, [70, 170]],
  [quill, 'Rowan the Fox', 'Rowan', '2020', 'Autumn', 'figurine', '0105', look('fox', '#ea580c', '#fff7ed', '#422006', 0), 24, [16, 36]],
  [quill, 'Hazel the Owl', 'Hazel', '2020', 'Autumn', 'figurine', '0108', look('owl', '#8b5a2b', '#f5deb3', '#fbbf24', 0), 22, [15, 34]],
  [quill, 'Bramble the Hedgehog', 'Bramble', '2021', 'Spring', 'figurine', '0121', look('hedgehog', '#6b4f3a', '#e7d3b5', '#16a34a', 0), 19, [12, 30]],
  [zipline, 'Whirlwind Spinning Top', null, '1995', null, 'other', '0077', look('top', '#dc2626', '#facc15', '#1d4ed8', 0), 15, [8, 25]],
  [zipline, 'Galaxy Pro Yo-Yo', null, '2001', null, 'other', '0093', look('yoyo', '#312e81', '#a5b4fc', '#f43f5e', 0), 18, [10, 30]],
];

export const sampleToys: SampleToy[] = rows.map(([maker, name, character, year, series, subType, model, look, price, range, extra]) => {
  const modelNumber = `${maker.prefix}-${model}`;
  return {
    slug: name.toLowerCase().replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80),
    name, character, year, brand: maker.brand, manufacturer: maker.manufacturer, franchise: maker.franchise,
    toyLine: maker.toyLine, series, subType,
    modelNumbers: [modelNumber],
    makerMarks: [`© ${year} ${maker.manufacturer.replace(/ (Ltd|Inc|Co|LLC|AB|GmbH)\.?$/, '')}`, 'MADE IN CHINA'],
    look, packaging: extra?.packaging ?? maker.packaging, price, range,
  };
});
