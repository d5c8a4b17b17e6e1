import { categories } from '@assay/contract';
import type { StrayReason } from './key-place.ts';

/** Why a folder under the watched location holds files that are in no item folder. */
export type NotAnItemProblem = 'unknown-category' | 'loose-files' | 'nested-folders';

/** A folder whose files are not assessed, with what is wrong and the layout that was expected. */
export interface NotAnItem {
  /** The folder relative to the location, ending in `/` (`''`: the location itself). */
  path: string;
  problem: NotAnItemProblem;
  /** Its files that are in no item folder. */
  files: number;
  /** One of those files, to find them. */
  example: string;
  message: string;
}

const layout = '<coins|cards|toys>/<item-id>/<photos>';

/**
 * The folder a stray key is reported under, so a misplaced folder of a thousand photos is one line:
 * keys under an unknown category by that top folder, loose files by the folder they lie in, and
 * keys nested too deep by the item-level folder that holds the subfolders.
 */
export function notAnItemOf(key: string, reason: StrayReason): { path: string; problem: NotAnItemProblem } {
  const segments = key.split('/');
  if (reason === 'unknown-category') return { path: `${segments[0]}/`, problem: 'unknown-category' };
  if (segments.length <= 2) return { path: segments.length === 1 ? '' : `${segments[0]}/`, problem: 'loose-files' };
  return { path: `${segments[0]}/${segments[1]}/`, problem: 'nested-folders' };
}

/**
 * Category folders are matched exactly (`cards`, not `Cards` or `card`): bucket keys are case
 * sensitive, so `Cards/x` and `cards/x` would be two folders claiming one item key. A near miss is
 * named with the folder to rename it to.
 */
export function nearestCategory(folder: string): string | undefined {
  const lower = folder.toLowerCase();
  return categories.find((category) => lower === category || lower === category.slice(0, -1));
}

export function describeNotAnItem(path: string, problem: NotAnItemProblem, files: number): string {
  const count = `${files} file${files === 1 ? '' : 's'}`;
  const are = files === 1 ? 'is' : 'are';
  switch (problem) {
    case 'unknown-category': {
      const folder = path.slice(0, -1);
      const near = nearestCategory(folder);
      const fix = near ? `rename it to ${near}/ (category folders are lower case and plural)` : `category folders are coins/, cards/ and toys/`;
      return `${path} is not a category folder, so its ${count} ${are} not assessed: ${fix}; the layout is ${layout}`;
    }
    case 'loose-files':
      return `${count} ${files === 1 ? 'lies' : 'lie'} directly in ${path || 'the location'}, not assessed: each item needs a folder of its own, ${layout}`;
    case 'nested-folders':
      return `${path} holds subfolders, whose ${count} ${are} not assessed: an item's photos go directly in its folder, ${layout}`;
  }
}
