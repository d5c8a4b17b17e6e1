import sharp from 'sharp';
const [file, x, y, w, h] = process.argv.slice(2);
await sharp(file).extract({ left: +x!, top: +y!, width: +w!, height: +h! }).resize({ width: 700, kernel: 'nearest' }).toFile('/tmp/zoom.png');
