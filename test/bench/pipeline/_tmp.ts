import { measureRunRss } from './run-rss.ts';
console.log(await measureRunRss({ items: Number(process.argv[2]), concurrency: 4, log: console.error }));
