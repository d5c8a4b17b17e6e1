/** Times the steps of one analysis: `lap(name)` records the ms since the previous lap (or start). */
export function stopwatch(): { timings: Record<string, number>; lap(name: string): void } {
  const timings: Record<string, number> = {};
  let t = performance.now();
  return {
    timings,
    lap(name) {
      const now = performance.now();
      timings[name] = Math.round((now - t) * 10) / 10;
      t = now;
    },
  };
}
