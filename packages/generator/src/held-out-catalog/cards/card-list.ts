import type { CardRecord } from '../../catalog-records.ts';
import { slug } from '../slug.ts';
import type { ArtDesign } from './card-art.ts';

/*
 * The held-out catalog's three invented card games, each with a frame unlike any sample game's:
 * Obsidian Accord (black border, name at the bottom, number top-right), Hollowmere (cream border,
 * name top-left, number bottom-left) and Neon Syndicate (borderless full art, text over the art,
 * set-code numbers). Hard pairs of their own kinds: a foil parallel, a 1st Edition / Unlimited
 * pair that differs only by the edition stamp, a reprint, and a Secret Rare.
 */

export type HeldOutBack = 'obsidian' | 'hollowmere' | 'neon';
export type FrameKind = 'black-border' | 'cream-border' | 'borderless';

export interface HeldOutGame {
  id: string;
  name: string;
  frame: FrameKind;
  /** Printed border on the reference (pixels, all four sides); 0 for a borderless card. */
  border: number;
  back: HeldOutBack;
}

export interface HeldOutCard extends CardRecord {
  game: HeldOutGame;
  art: ArtDesign;
  /** Hollowmere: the creature's element colour; Obsidian Accord: the frame colour; Neon: the accent. */
  tint: string;
  /** Obsidian: type line; Hollowmere: stage; Neon: class line. */
  kicker: string;
  /** Rules or attack text, one or two short lines. */
  text: string[];
  /** Hollowmere HP, Neon ATK/DEF, Obsidian power/toughness. */
  stat: string;
  foil: boolean;
  /** USD at grade 8. */
  value: number;
}

export const heldOutGames = {
  obsidian: { id: 'obsidian-accord', name: 'Obsidian Accord', frame: 'black-border', border: 16, back: 'obsidian' },
  hollowmere: { id: 'hollowmere', name: 'Hollowmere', frame: 'cream-border', border: 14, back: 'hollowmere' },
  neon: { id: 'neon-syndicate', name: 'Neon Syndicate', frame: 'borderless', border: 0, back: 'neon' },
} as const satisfies Record<string, HeldOutGame>;

type Row = [name: string, number: string, art: ArtDesign, tint: string, kicker: string, text: string[], stat: string, value: number, extra?: Partial<HeldOutCard>];
const art = (subject: ArtDesign['subject'], palette: ArtDesign['palette'], seed: number): ArtDesign => ({ subject, palette, seed });

function printing(game: HeldOutGame, set: string, year: string, edition: string | null, rows: Row[]): HeldOutCard[] {
  return rows.map(([name, number, design, tint, kicker, text, stat, value, extra]) => {
    const parallel = extra?.parallel ?? null;
    const editionSuffix = edition === '1st Edition' && game.frame === 'cream-border' ? '-1st' : '';
    return {
      slug: slug(`${game.id} ${name} ${number.replace(/\/.*/, '')} ${parallel ?? ''}`) + editionSuffix,
      game, name, set, year, number, edition, parallel, art: design, tint, kicker, text, stat, foil: false, value,
      ...extra,
    };
  });
}

const g = heldOutGames;
const vaelith = art('wyrm', 'cinder', 4101);
const embertail = art('fox', 'cinder', 4201);
const frostfin = art('whale', 'glacier', 4206);
const ghostline = art('hood', 'ultra', 4302);

// Obsidian Accord frame colours by allegiance.
const ember = '#9e2b1f';
const grave = '#5b5e66';
const wild = '#2f6b3a';
const tide = '#245a8c';
const gilt = '#b8902f';
// Hollowmere element colours.
const fire = '#e2572b';
const leaf = '#5aa33b';
const water = '#3b86c9';
const stone = '#9a7b55';
const spirit = '#8e5cc2';

export const heldOutCards: HeldOutCard[] = [
  ...printing(g.obsidian, 'Ashen Crown', '2017', 'First Printing', [
    ['Vaelith, Ember Regent', '045/198', vaelith, ember, 'Legendary Beast — Dragon', ['Flying. When Vaelith enters,', 'it deals 3 damage to each foe.'], '6/5', 8.5],
    ['Vaelith, Ember Regent', '045/198', vaelith, ember, 'Legendary Beast — Dragon', ['Flying. When Vaelith enters,', 'it deals 3 damage to each foe.'], '6/5', 42, { parallel: 'Foil', foil: true }],
    ['Gravewatch Sentry', '012/198', art('knight', 'ash', 4102), grave, 'Soldier — Revenant', ['Vigilance. Sentries cost', '1 less for each ally.'], '2/4', 0.9],
    ['Thornhart Elk', '067/198', art('stag', 'verdigris', 4103), wild, 'Beast — Elk', ['Trample. Gains +2/+2 in', 'a forest.'], '4/4', 0.6],
    ['Ironroot Colossus', '101/198', art('golem', 'rust', 4104), grave, 'Construct — Golem', ['Cannot be blocked by', 'creatures with power 2.'], '7/7', 1.8],
    ['Duskwing Moth', '133/198', art('moth', 'orchid', 4105), tide, 'Insect — Spirit', ['Flying. Draw a card when it', 'leaves the field.'], '1/2', 0.7],
    ['Spire of Seven Bells', '176/198', art('citadel', 'saffron', 4106), gilt, 'Legendary Land', ['Tap: add one mana of', 'any colour.'], '—', 3.2],
  ]),
  ...printing(g.obsidian, 'Veilbreak', '2019', null, [
    ['Vaelith, Ember Regent', '003/264', vaelith, ember, 'Legendary Beast — Dragon', ['Flying. When Vaelith enters,', 'it deals 3 damage to each foe.'], '6/5', 2.6],
    ['Hollow Lantern', '021/264', art('lantern', 'sunset', 4107), gilt, 'Artifact', ['Tap: look at the top', 'three cards of a deck.'], '—', 0.5],
    ['Mirror-Masked Envoy', '088/264', art('mask', 'orchid', 4108), tide, 'Human — Rogue', ['Copy target spell an', 'opponent casts.'], '2/2', 2.4],
    ['Stormglass Leviathan', '240/264', art('whale', 'tide', 4109), tide, 'Beast — Leviathan', ['Ward 2. Islandwalk.'], '8/8', 5.5],
  ]),
  ...printing(g.hollowmere, 'Mistvale Origins', '2016', '1st Edition', [
    ['Embertail', '004/102', embertail, fire, 'Basic Hollowling', ['Flick Flame 20', 'Tail Blaze 50'], 'HP 60', 65],
    ['Bramblehorn', '031/102', art('stag', 'verdigris', 4202), leaf, 'Stage 1 Hollowling', ['Thorn Charge 40', 'Overgrowth 70'], 'HP 90', 4],
    ['Glimmerjelly', '058/102', art('jelly', 'tide', 4203), water, 'Basic Hollowling', ['Sting 10', 'Drift Shock 30'], 'HP 50', 2.2],
    ['Cinderling', '077/102', art('lantern', 'saffron', 4204), fire, 'Basic Hollowling', ['Ember 20'], 'HP 40', 1.1],
    ['Pebblebruin', '089/102', art('golem', 'ash', 4205), stone, 'Stage 1 Hollowling', ['Rockslide 60'], 'HP 100', 0.8],
  ]),
  // The same card without the 1st Edition stamp: the pair differs by that stamp alone.
  ...printing(g.hollowmere, 'Mistvale Origins', '2016', 'Unlimited', [
    ['Embertail', '004/102', embertail, fire, 'Basic Hollowling', ['Flick Flame 20', 'Tail Blaze 50'], 'HP 60', 14],
  ]),
  ...printing(g.hollowmere, 'Emberfall', '2018', null, [
    ['Frostfin', '045/198', frostfin, water, 'Basic Hollowling', ['Cold Spray 30', 'Deep Dive 60'], 'HP 80', 0.6],
    ['Frostfin', '045/198', frostfin, water, 'Basic Hollowling', ['Cold Spray 30', 'Deep Dive 60'], 'HP 80', 2.5, { parallel: 'Reverse Holo', foil: true }],
    ['Duskmoth', '112/198', art('moth', 'orchid', 4207), spirit, 'Stage 1 Hollowling', ['Powder Veil 20', 'Night Flutter 50'], 'HP 70', 0.9],
    ['Sproutling', '150/198', art('tree', 'acid', 4208), leaf, 'Basic Hollowling', ['Seed Shot 10'], 'HP 40', 0.4],
    ['Vaporwisp', '171/198', art('mask', 'sunset', 4209), spirit, 'Stage 2 Hollowling', ['Haunt 40', 'Fade Away 90'], 'HP 120', 3.4],
  ]),
  ...printing(g.neon, 'Chrome Dawn', '2022', '1st Edition', [
    ['Null Courier', 'CHD-EN001', art('drone', 'neon', 4301), '#2ef2ff', 'Machine / Effect', ['Once per turn: move one', 'data token to your hand.'], 'ATK 1200 / DEF 800', 1.2],
    ['Ghostline Runner', 'CHD-EN014', ghostline, '#ff2e88', 'Netrunner / Effect', ['Cannot be targeted while', 'you control a Node.'], 'ATK 1900 / DEF 1000', 3.8],
    ['Ghostline Runner', 'CHD-EN014', ghostline, '#ff2e88', 'Netrunner / Effect', ['Cannot be targeted while', 'you control a Node.'], 'ATK 1900 / DEF 1000', 48, { parallel: 'Secret Rare', foil: true }],
    ['Kite Unit K-9', 'CHD-EN027', art('mech', 'acid', 4303), '#c6ff3d', 'Machine', ['A guard unit that never', 'sleeps and never forgets.'], 'ATK 1600 / DEF 1800', 0.9],
    ['Oni Firewall', 'CHD-EN045', art('mask', 'cinder', 4304), '#ffb35c', 'Program / Effect', ['Negate the first attack', 'each turn.'], 'ATK 0 / DEF 2400', 2.1],
    ['Monoblade Saint', 'CHD-EN060', art('blade', 'sunset', 4305), '#ffe66d', 'Samurai / Effect', ['Destroy one card this', 'card attacks.'], 'ATK 2500 / DEF 2000', 6.5],
  ]),
  ...printing(g.neon, 'Static Bloom', '2024', null, [
    ['Lumen Koi', 'STB-EN008', art('whale', 'tide', 4306), '#9ef0ff', 'Aqua / Tuner', ['Swims the signal between', 'two cities.'], 'ATK 800 / DEF 600', 0.7],
    ['Arcology Nine', 'STB-EN033', art('citadel', 'neon', 4307), '#2ef2ff', 'Field Program', ['Machines you control gain', '300 ATK.'], '—', 1.5],
    ['Glitch Orchid', 'STB-EN051', art('tree', 'ultra', 4308), '#ffe600', 'Plant / Effect', ['Special summon from the', 'graveyard once per duel.'], 'ATK 1400 / DEF 1400', 2.8],
    ['Vaultbreaker Rig', 'STB-EN072', art('golem', 'rust', 4309), '#ffd2a1', 'Machine / Effect', ['Pierce: deals damage past', 'defence.'], 'ATK 2300 / DEF 1700', 1.1],
  ]),
];

// Prices fall off harder below grade 7 and climb steeply at gem mint, as for older black-border
// and first-edition cards. Grades between keys are interpolated by the catalog.
const gradeMultipliers: Record<string, number> = { '2': 0.15, '4': 0.28, '6': 0.5, '7': 0.7, '8': 1, '9': 2.4, '10': 11 };

export function heldOutCardPrices(value: number): Record<string, number> {
  return Object.fromEntries(Object.entries(gradeMultipliers).map(([grade, m]) => [grade, Math.max(0.1, Math.round(value * m * 100) / 100)]));
}
