import type { CardRecord } from '../../catalog-records.ts';
import type { ArtSpec } from './card-art.ts';

/*
 * The sample catalog's invented card games and their cards. Three deliberate "hard pairs" share
 * their art: two parallels (same card, different frame colour and foil) and one reprint (same art
 * and frame, different set and number), so identification has to read more than the art.
 */

export type BackDesign = 'aetherium' | 'starfall' | 'kaiju' | 'mythic-tides';

export interface SampleGame {
  id: string;
  name: string;
  /** Border width on the 300×420 reference, in pixels (the same on all four sides). */
  border: number;
  back: BackDesign;
  layout: 'parchment' | 'console' | 'poster';
}

export interface SampleCard extends CardRecord {
  game: SampleGame['id'];
  borderColour: string;
  foil: boolean;
  art: ArtSpec;
  typeLine: string;
  flavour: string;
  /** Market value at grade 8, USD; other grades scale from it. */
  value: number;
}

export const sampleGames: SampleGame[] = [
  { id: 'aetherium', name: 'Aetherium', border: 18, back: 'aetherium', layout: 'parchment' },
  { id: 'starfall-legends', name: 'Starfall Legends', border: 15, back: 'starfall', layout: 'console' },
  { id: 'kaiju-clash', name: 'Kaiju Clash', border: 21, back: 'kaiju', layout: 'poster' },
];

/** The back that is in no catalog: photos with it must get an identity but no grade. */
export const unknownBack: BackDesign = 'mythic-tides';

const fire = '#c0392b';
const water = '#2e6fb7';
const earth = '#7a5a2f';
const air = '#8fb3c9';
const shadow = '#3b2a4a';
const light = '#e3c75f';
const nature = '#3f8f3f';
const silverFoil = '#c9ced6';
const goldFoil = '#d4af37';

type Row = [name: string, number: string, border: string, art: ArtSpec, typeLine: string, flavour: string, value: number, extra?: Partial<SampleCard>];
const a = (motif: ArtSpec['motif'], palette: ArtSpec['palette'], seed: number): ArtSpec => ({ motif, palette, seed });

function cards(game: SampleGame['id'], set: string, year: string, edition: string | null, rows: Row[]): SampleCard[] {
  return rows.map(([name, number, borderColour, art, typeLine, flavour, value, extra]) => {
    const parallel = extra?.parallel ?? null;
    const slugName = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const suffix = parallel ? `-${parallel.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : '';
    return {
      slug: `${game}-${slugName}-${number.split('/')[0]}${suffix}`,
      game, name, set, year, number, edition, parallel, borderColour, foil: false, art, typeLine, flavour, value,
      ...extra,
    };
  });
}

const emberwing = a('beast', 'ember', 101);
const nova = a('orb', 'dusk', 202);
const gorrath = a('beast', 'storm', 303);

export const sampleCards: SampleCard[] = [
  ...cards('aetherium', 'Shattered Skies', '2021', '1st Edition', [
    ['Emberwing Drake', '007/120', fire, emberwing, 'Creature — Dragon', 'Its wings still smoulder from the first sky.', 3.5],
    ['Emberwing Drake', '007/120', silverFoil, emberwing, 'Creature — Dragon', 'Its wings still smoulder from the first sky.', 24, { parallel: 'Holo Foil', foil: true }],
    ['Glacier Warden', '015/120', water, a('tower', 'frost', 102), 'Creature — Giant', 'It has guarded the pass for nine winters.', 1.2],
    ['Mossback Tortoise', '022/120', nature, a('peaks', 'moss', 103), 'Creature — Beast', 'Whole villages ride upon its shell.', 0.8],
    ['Duskveil Oracle', '031/120', shadow, a('rune', 'dusk', 104), 'Creature — Seer', 'She reads tomorrow in the dark between stars.', 6],
    ['Sunspire Paladin', '044/120', light, a('sunburst', 'citrus', 105), 'Creature — Knight', 'Dawn answers when she raises her blade.', 2.4],
    ['Tidecaller Siren', '058/120', water, a('waves', 'abyss', 106), 'Creature — Merfolk', 'The tide turns to hear her sing.', 1.6],
    ['Cinder Imp', '063/120', fire, a('flame', 'ember', 107), 'Creature — Imp', 'Small, quick, and always on fire.', 0.6],
  ]),
  ...cards('aetherium', 'Echoes of Ruin', '2022', null, [
    ['Stormcrag Giant', '071/110', earth, a('crystal', 'storm', 108), 'Creature — Giant', 'Lightning nests in its crystal spine.', 1.9],
    ['Whispering Grove', '082/110', nature, a('forest', 'moss', 109), 'Land — Forest', 'The trees remember every traveller.', 0.9],
    ['Voidrift Anomaly', '095/110', shadow, a('vortex', 'void', 110), 'Sorcery', 'What falls in does not fall out.', 4.2],
    ['Arcane Conduit', '103/110', air, a('orb', 'slate', 111), 'Artifact', 'A lens that bends raw aether into will.', 1.4],
  ]),
  ...cards('starfall-legends', 'First Light', '2018', 'Unlimited', [
    ['Nova Sentinel', '021/150', water, nova, 'Unit — Guardian', 'First to wake, last to fall.', 5],
    ['Nova Sentinel', '021/150', goldFoil, nova, 'Unit — Guardian', 'First to wake, last to fall.', 38, { parallel: 'Gold Star', foil: true }],
    ['Comet Rider', '005/150', shadow, a('comet', 'void', 202 + 1), 'Unit — Pilot', 'Catch a comet, keep the tail.', 2.2],
    ['Captain Vela Orin', '012/150', fire, a('skyline', 'dusk', 204), 'Commander', 'Her fleet never left a star behind.', 7.5],
    ['Ion Stormfront', '033/150', air, a('vortex', 'storm', 205), 'Event', 'Shields up. Hold on to something.', 1.1],
    ['Quasar Monk', '047/150', light, a('sunburst', 'frost', 206), 'Unit — Mystic', 'He meditates at the edge of a pulsar.', 1.8],
    ['Red Dwarf Forge', '068/150', fire, a('flame', 'citrus', 207), 'Structure', 'A tired star, put to honest work.', 0.9],
  ]),
  ...cards('starfall-legends', 'Nebula Rising', '2020', 'Unlimited', [
    ['Terraform Array', '079/160', earth, a('peaks', 'sand', 208), 'Structure', 'Give it a century and a little rain.', 0.7],
    ['Derelict Beacon', '088/160', air, a('tower', 'slate', 209), 'Structure', 'Still calling for a crew long gone.', 1.3],
    ['Orbital Garden', '101/160', nature, a('forest', 'toxic', 210), 'Structure', 'Tomatoes taste strange in zero gravity.', 0.8],
    ['Singularity Engine', '120/160', shadow, a('rune', 'void', 211), 'Artifact', 'Power without end, and without mercy.', 9],
    ['Solar Leviathan', '133/160', light, a('serpent', 'citrus', 212), 'Unit — Titan', 'It swims the corona like a warm sea.', 12],
  ]),
  ...cards('kaiju-clash', 'Titans Awaken', '2019', '1st Edition', [
    ['Gorrath the Unbroken', '003/100', earth, gorrath, 'Kaiju — Titan', 'ATK 9000 / DEF 8500', 14],
    ['Magmaw', '011/100', fire, a('flame', 'toxic', 302), 'Kaiju — Volcanic', 'ATK 7000 / DEF 4000', 2.8],
    ['Tsunamor', '019/100', water, a('waves', 'frost', 304), 'Kaiju — Abyssal', 'ATK 6500 / DEF 6000', 2.1],
    ['Voltusk', '026/100', light, a('vortex', 'citrus', 305), 'Kaiju — Storm', 'ATK 7200 / DEF 3900', 1.7],
    ['Crystalisk', '034/100', air, a('crystal', 'bloom', 306), 'Kaiju — Mineral', 'ATK 5000 / DEF 9000', 1.5],
    ['Skyreaver', '041/100', shadow, a('comet', 'storm', 307), 'Kaiju — Aerial', 'ATK 8000 / DEF 3000', 3.3],
    ['Lumimoth', '057/100', nature, a('orb', 'bloom', 308), 'Kaiju — Insect', 'ATK 4500 / DEF 5500', 1.2],
  ]),
  ...cards('kaiju-clash', 'Legends Reforged', '2023', null, [
    ['Gorrath the Unbroken', '045/090', earth, gorrath, 'Kaiju — Titan', 'ATK 9000 / DEF 8500', 4.5],
    ['Ruinstrider', '002/090', fire, a('skyline', 'ember', 309), 'Kaiju — Destroyer', 'ATK 8800 / DEF 7000', 2.6],
    ['Bonecrown', '018/090', light, a('rune', 'sand', 310), 'Kaiju — Ancient', 'ATK 6000 / DEF 6000', 1.9],
    ['Coilstorm Serpent', '027/090', water, a('serpent', 'abyss', 311), 'Kaiju — Serpent', 'ATK 7600 / DEF 5200', 2.4],
    ['Ironhide Colossus', '063/090', earth, a('peaks', 'storm', 312), 'Kaiju — Mechanical', 'ATK 8200 / DEF 9500', 3.9],
  ]),
];

/** Market multipliers relative to grade 8: condition matters a lot at the top of the scale. */
const gradeMultipliers: Record<string, number> = { '1': 0.12, '3': 0.2, '5': 0.35, '6': 0.45, '7': 0.65, '8': 1, '9': 2.1, '10': 7.5 };

export function cardPrices(value: number): Record<string, number> {
  return Object.fromEntries(Object.entries(gradeMultipliers).map(([grade, m]) => [grade, Math.max(0.1, Math.round(value * m * 100) / 100)]));
}
