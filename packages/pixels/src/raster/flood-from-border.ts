/**
 * The pixels reachable from the image's border through pixels `canEnter` allows (4-connected):
 * 1 where reached, 0 elsewhere. What is left unreached is enclosed, e.g. an object on its backdrop.
 */
export function floodFromBorder(width: number, height: number, canEnter: (pixel: number) => boolean): Uint8Array {
  const reached = new Uint8Array(width * height);
  const stack: number[] = [];
  const push = (p: number) => {
    if (!reached[p] && canEnter(p)) {
      reached[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) push(x), push((height - 1) * width + x);
  for (let y = 0; y < height; y++) push(y * width), push(y * width + width - 1);
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < (height - 1) * width) push(p + width);
  }
  return reached;
}
