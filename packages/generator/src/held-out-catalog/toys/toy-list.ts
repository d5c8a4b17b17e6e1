import type { ToyRecord } from '../../catalog-records.ts';
import { slug } from '../slug.ts';

/*
 * The held-out catalog's invented toys: other kinds than the sample's (tin wind-up robots, 1:43
 * collector die-cast, a steam locomotive, a tractor, plastic kit with its sprue, brick castles and
 * a windmill, rag and nesting dolls, vinyl blind-box figures, dinosaurs, a jack-in-the-box, a
 * marble tin), other makers, other packaging (picture boxes, acrylic collector cases, header
 * bags, heart-shaped swing tags, blind boxes, kit boxes, shrink-wrapped trays, a tin) and other
 * number and mark formats ("Art. 4312", "#31207", "HW0421", "88-3107", "SLC-S2-07", "30.412").
 * Names, brands, numbers and marks are ours. One hard pair: the same 1:43 casting in the same
 * colour, told apart only by its racing number and model number.
 */

export type HeldOutToyShape =
  | 'tin-robot' | 'coupe' | 'rally-car' | 'locomotive' | 'tractor' | 'helicopter' | 'biplane' | 'castle' | 'windmill' | 'shuttle'
  | 'elephant' | 'octopus' | 'sloth' | 'whale' | 'rag-doll' | 'nesting-dolls' | 'trex' | 'stegosaurus' | 'vinyl-bun' | 'barn'
  | 'dollhouse' | 'mech-car' | 'knight' | 'jack-in-the-box' | 'marbles';

export interface HeldOutToyLook {
  shape: HeldOutToyShape;
  main: string;
  second: string;
  accent: string;
  /** Small variations within a shape; for the racing coupé, its racing number. */
  variant: number;
}

export type HeldOutPackaging = 'picture-box' | 'collector-case' | 'header-bag' | 'heart-tag' | 'blind-box' | 'kit-box' | 'tray' | 'tin';

/** The item images a toy has, canonical first: a few toys have one view, a kit adds its sprue. */
export type HeldOutView = 'front' | 'side' | 'sprue';

export interface HeldOutToy extends ToyRecord {
  look: HeldOutToyLook;
  views: HeldOutView[];
  /** Null for a toy sold loose; 'end-panel' adds the box's end with barcode and number. */
  packaging: HeldOutPackaging | null;
  endPanel: boolean;
  /** Printed on the box: piece count, scale, age. */
  boxNote: string;
}

interface Maker {
  brand: string;
  manufacturer: string;
  franchise: string | null;
  toyLine: string | null;
  /** Model number as printed, from the bare catalogue number. */
  number: (n: string) => string;
  marks: (year: string) => string[];
  packaging: HeldOutPackaging | null;
}

const kobayashi: Maker = { brand: 'Kobayashi Tinworks', manufacturer: 'Kobayashi Seisakusho K.K.', franchise: null, toyLine: 'Space Age Tin Robots', number: (n) => n, marks: () => ['KOBAYASHI', 'MADE IN JAPAN'], packaging: 'picture-box' };
const velotra: Maker = { brand: 'Velotra', manufacturer: 'Velotra Modelli S.r.l.', franchise: null, toyLine: 'Velotra Corsa 1:43', number: (n) => `Art. ${n}`, marks: () => ['VELOTRA 1:43', 'MADE IN ITALY'], packaging: 'collector-case' };
const brickhaven: Maker = { brand: 'Brickhaven', manufacturer: 'Brickhaven A/S', franchise: null, toyLine: null, number: (n) => `#${n}`, marks: (y) => [`©${y} Brickhaven A/S`, 'Made in Denmark'], packaging: 'picture-box' };
const hushwood: Maker = { brand: 'Hushwood', manufacturer: 'Hushwood Ltd.', franchise: 'Hushwood Hollow', toyLine: 'Hushwood Softies', number: (n) => `HW${n}`, marks: () => ['Hushwood Ltd, London', 'Surface wash only'], packaging: 'heart-tag' };
const marigold: Maker = { brand: 'Marigold & Pim', manufacturer: 'Marigold & Pim Toymakers', franchise: null, toyLine: 'Heirloom Dolls', number: (n) => `Ref. ${n}`, marks: () => ['Marigold & Pim', 'Handmade in Portugal'], packaging: 'tray' };
const steamline: Maker = { brand: 'Steamline', manufacturer: 'Steamline Railways Ltd.', franchise: null, toyLine: 'Steamline OO Gauge', number: (n) => `R${n}`, marks: () => ['STEAMLINE', 'Made in China for Steamline Railways'], packaging: 'picture-box' };
const aerodyne: Maker = { brand: 'Aerodyne Kits', manufacturer: 'Aerodyne Plastic Models Ltd.', franchise: null, toyLine: 'Aerodyne Classic Aircraft', number: (n) => `Kit ${n}`, marks: (y) => [`Aerodyne ${y}`, 'Made in England'], packaging: 'kit-box' };
const dinoDepot: Maker = { brand: 'Primeval Park', manufacturer: 'Dino Depot Ltd.', franchise: 'Primeval Park', toyLine: 'Primeval Park Replicas', number: (n) => `Item ${n}`, marks: (y) => [`DINO DEPOT ${y}`, 'CHINA'], packaging: 'header-bag' };
const starlane: Maker = { brand: 'Starlane Collectibles', manufacturer: 'Starlane Collectibles Inc.', franchise: 'Moonbun', toyLine: 'Moonbun Blind Box', number: (n) => `SLC-${n}`, marks: (y) => [`© ${y} STARLANE`, 'MADE IN VIETNAM'], packaging: 'blind-box' };
const meadowbrook: Maker = { brand: 'Meadowbrook', manufacturer: 'Meadowbrook Play Co.', franchise: null, toyLine: 'Meadowbrook Village', number: (n) => n, marks: (y) => [`Meadowbrook Play Co. ${y}`, 'Assembled in Mexico'], packaging: 'picture-box' };
const roadwise: Maker = { brand: 'Roadwise', manufacturer: 'Roadwise Toys Pty Ltd', franchise: null, toyLine: 'Roadwise Workhorses', number: (n) => `Cat. ${n}`, marks: () => ['ROADWISE', 'AUSTRALIA DESIGN'], packaging: 'header-bag' };
const vantor: Maker = { brand: 'Vantor', manufacturer: 'Vantor Toys Corp.', franchise: 'Gearshift Titans', toyLine: 'Gearshift Titans', number: (n) => `V-${n}`, marks: (y) => [`© ${y} VANTOR`, 'PAT. PEND.'], packaging: 'picture-box' };
const ironvale: Maker = { brand: 'Ironvale Figures', manufacturer: 'Ironvale Figures Ltd.', franchise: 'Chronicles of Ironvale', toyLine: 'Ironvale 6 Inch', number: (n) => `IVF ${n}`, marks: (y) => [`IRONVALE ${y}`, 'MADE IN CHINA'], packaging: 'collector-case' };
const albrecht: Maker = { brand: 'Albrecht', manufacturer: 'Albrecht Blechspielwaren GmbH', franchise: null, toyLine: 'Albrecht Tin Classics', number: (n) => n, marks: () => ['ALBRECHT', 'MADE IN W.-GERMANY'], packaging: 'tin' };

const look = (shape: HeldOutToyShape, main: string, second: string, accent: string, variant = 0): HeldOutToyLook => ({ shape, main, second, accent, variant });
const two: HeldOutView[] = ['front', 'side'];

type Row = [maker: Maker, name: string, character: string | null, year: string, series: string | null, subType: HeldOutToy['subType'], number: string, look: HeldOutToyLook, price: number, range: [number, number], extra?: Partial<HeldOutToy>];

const rows: Row[] = [
  [kobayashi, 'Atomic Sparky Robot (1997 Reissue)', 'Sparky', '1997', 'Reissue', 'other', '1204-B', look('tin-robot', '#b7bcc4', '#d63b2f', '#ffd23f', 0), 140, [90, 210], { endPanel: true, boxNote: 'WIND-UP · WALKING ACTION' }],
  [kobayashi, 'Moon Patrol Robot', null, '1999', 'Reissue', 'other', '1211', look('tin-robot', '#2f6db0', '#e8e2d0', '#ff7a1a', 1), 95, [60, 150], { boxNote: 'WIND-UP · SPARKING' }],
  [velotra, 'Stradale 67 Coupé #7', null, '2008', 'Le Mans Heroes', 'die_cast', '4312', look('coupe', '#c8102e', '#f3f3f3', '#111111', 7), 38, [28, 55], { boxNote: 'SCALA 1:43' }],
  [velotra, 'Stradale 67 Coupé #12', null, '2008', 'Le Mans Heroes', 'die_cast', '4313', look('coupe', '#c8102e', '#f3f3f3', '#111111', 12), 42, [30, 60], { boxNote: 'SCALA 1:43' }],
  [velotra, 'Alpina Rally 1600', null, '2010', 'Rally Legends', 'die_cast', '4330', look('rally-car', '#f2f2ec', '#1d4fa0', '#f2c200', 0), 45, [32, 65], { boxNote: 'SCALA 1:43' }],
  [brickhaven, 'Ravenmoor Castle', null, '2019', 'Kingdoms', 'building_set', '31207', look('castle', '#9aa0a6', '#3d6e3a', '#b2242c', 0), 160, [120, 230], { endPanel: true, toyLine: 'Brickhaven Kingdoms', boxNote: '1,243 pcs · 9+' }],
  [brickhaven, 'Polder Windmill', null, '2017', 'Landmarks', 'building_set', '31164', look('windmill', '#7a4b2a', '#e9dfc8', '#2e5e9e', 0), 75, [55, 110], { toyLine: 'Brickhaven Landmarks', boxNote: '864 pcs · 10+' }],
  [brickhaven, 'Orbital Shuttle Launch', null, '2021', 'Space Port', 'building_set', '60218', look('shuttle', '#f4f4f4', '#2b2b2b', '#e8761b', 0), 110, [80, 160], { toyLine: 'Brickhaven Space Port', boxNote: '1,012 pcs · 8+' }],
  [hushwood, 'Pippin the Elephant', 'Pippin', '2018', 'Savannah', 'plush', '0421', look('elephant', '#a9b4c2', '#f1c6d3', '#5b6b7d', 0), 28, [20, 40]],
  [hushwood, 'Otto the Octopus', 'Otto', '2020', 'Rock Pool', 'plush', '0533', look('octopus', '#e36f5a', '#f6c9b8', '#2a2a2a', 0), 24, [16, 34]],
  [hushwood, 'Sola the Sloth', 'Sola', '2021', 'Rainforest', 'plush', '0612', look('sloth', '#9a7b5d', '#e6d4bd', '#3a2a1d', 0), 26, [18, 38]],
  [hushwood, 'Bluebell the Whale', 'Bluebell', '2021', 'Rock Pool', 'plush', '0640', look('whale', '#3e6fb5', '#dfe9f5', '#1b2f52', 0), 22, [15, 32]],
  [marigold, 'Hettie Rag Doll', 'Hettie', '2014', 'Cottage Friends', 'doll', 'MP-208/3', look('rag-doll', '#c0504d', '#f6efe0', '#d98b2b', 0), 45, [32, 70]],
  [marigold, 'Babushka Nesting Dolls (5 pcs)', null, '2016', 'Folk Series', 'other', 'MP-311/5', look('nesting-dolls', '#c62828', '#f7d774', '#2e7d32', 0), 32, [22, 48]],
  [steamline, 'Northern Star 4-6-2 Locomotive', null, '2012', 'Express Passenger', 'die_cast', '3051', look('locomotive', '#1e5b3a', '#1a1a1a', '#c9a227', 0), 85, [60, 130], { endPanel: true, boxNote: 'OO GAUGE · DCC READY' }],
  [roadwise, 'Fieldmaster 35 Tractor', null, '2016', 'Farm', 'vehicle', '7-41203', look('tractor', '#2f7d32', '#f2c200', '#1a1a1a', 0), 19, [12, 28], { packaging: 'picture-box', boxNote: 'FREE-WHEELING · 3+' }],
  [roadwise, 'Coastguard Rescue Helicopter', null, '2017', 'Rescue', 'vehicle', '7-41250', look('helicopter', '#e8e8e8', '#d32f2f', '#1a1a1a', 0), 16, [10, 24], { boxNote: 'SPINNING ROTOR · 3+' }],
  [aerodyne, 'Skylark F.2 Biplane 1:72', null, '2015', 'Classic Aircraft', 'model_kit', '07214', look('biplane', '#8b9a5b', '#d8cfa6', '#9c2a1f', 0), 24, [16, 36], { views: ['front', 'side', 'sprue'], endPanel: true, boxNote: 'SCALE 1:72 · 38 PARTS' }],
  [aerodyne, 'Gannet HAR.3 Rescue Helicopter 1:48', null, '2018', 'Rescue Aircraft', 'model_kit', '05131', look('helicopter', '#f2c200', '#2b2b2b', '#d32f2f', 1), 36, [26, 52], { views: ['front', 'sprue'], boxNote: 'SCALE 1:48 · 112 PARTS' }],
  [dinoDepot, 'Tyrannosaurus (Roaring)', null, '2011', 'Cretaceous', 'figurine', '88-3107', look('trex', '#6b7d3a', '#c9b98a', '#8b1e1e', 0), 12, [8, 18], { boxNote: 'MUSEUM REPLICA' }],
  [dinoDepot, 'Stegosaurus', null, '2011', 'Jurassic', 'figurine', '88-3112', look('stegosaurus', '#8a6d3b', '#d9c28f', '#b5562a', 0), 10, [6, 15], { packaging: null }],
  [starlane, 'Moonbun Series 2: Astro Bun', 'Astro Bun', '2019', 'Series 2', 'figurine', 'S2-07', look('vinyl-bun', '#f5f0ff', '#7e57c2', '#ffca28', 0), 18, [12, 40], { views: ['front'], boxNote: '1 OF 12 · SECRET 1/144' }],
  [starlane, 'Moonbun Series 2: Chef Bun', 'Chef Bun', '2019', 'Series 2', 'figurine', 'S2-03', look('vinyl-bun', '#fff4e6', '#e57373', '#ffffff', 1), 15, [10, 26], { views: ['front'], boxNote: '1 OF 12 · SECRET 1/144' }],
  [meadowbrook, 'Meadowbrook Farm Barn', null, '2013', 'Farmstead', 'playset', '44.001', look('barn', '#b23a2e', '#f4efe4', '#4e342e', 0), 48, [32, 70], { boxNote: 'WITH 14 ANIMALS · 3+' }],
  [meadowbrook, 'Primrose Lane Doll House', null, '2015', 'Village Homes', 'playset', '44.020', look('dollhouse', '#f3d9e4', '#6d8fb5', '#ffffff', 0), 120, [85, 180], { endPanel: true, boxNote: 'FURNITURE INCLUDED · 3+' }],
  [vantor, 'Gearshift Titan Roadblaze', 'Roadblaze', '1986', 'Series 1', 'action_figure', '2217', look('mech-car', '#d32f2f', '#37474f', '#ffd54f', 0), 65, [40, 110], { boxNote: 'CONVERTS ROBOT ⇄ CAR' }],
  [ironvale, 'Sir Aldric of the Vale', 'Sir Aldric', '2009', 'Wave 3', 'action_figure', '0712', look('knight', '#8e9aa6', '#1f3a68', '#c9a227', 0), 34, [24, 55], { boxNote: '22 POINTS OF ARTICULATION' }],
  [albrecht, 'Pop-Up Clown Jack-in-the-Box', null, '1978', null, 'other', '30.412', look('jack-in-the-box', '#1f5fae', '#f2c200', '#d32f2f', 0), 55, [35, 85], { packaging: 'picture-box', boxNote: 'MIT MUSIK · WITH MUSIC' }],
  [albrecht, 'Glassworks Marble Tin (50)', null, '1981', null, 'other', '30.550', look('marbles', '#2e7d32', '#1565c0', '#f9a825', 0), 30, [18, 45], { views: ['front'], boxNote: '50 MURMELN · MARBLES' }],
];

export const heldOutToys: HeldOutToy[] = rows.map(([maker, name, character, year, series, subType, number, design, price, range, extra]) => ({
  slug: slug(name.replace(/#/g, 'no ')),
  name, character, year, brand: maker.brand, manufacturer: maker.manufacturer, franchise: maker.franchise,
  toyLine: maker.toyLine, series, subType,
  modelNumbers: [maker.number(number)],
  makerMarks: maker.marks(year),
  look: design, views: two, packaging: maker.packaging, endPanel: false, boxNote: 'AGES 3+', price, range,
  ...extra,
}));
