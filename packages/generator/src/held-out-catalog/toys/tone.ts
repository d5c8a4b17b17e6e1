/** Scales a #rrggbb colour's channels by `factor`, clamped to 0–255: below 1 darker, above 1 lighter. */
export function tone(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.min(255, Math.round(((n >> shift) & 255) * factor)).toString(16).padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
