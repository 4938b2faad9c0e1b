// npm run icons — writes the static images of public/ from app/icon.svg (the site's mark): the
// Apple touch icon (180×180) and the default Open Graph image (1200×630) used when a shared page
// has none and the institute has uploaded no logo. The PNGs are committed; run this after changing
// the mark.
import fs from 'node:fs';
import sharp from 'sharp';

const mark = fs.readFileSync('app/icon.svg');

await sharp(mark, { density: 400 }).resize(180, 180).flatten({ background: '#15803d' }).png().toFile('public/apple-touch-icon.png');

// The mark centred on the primary green, bars of a chart: no institute name (it is configuration).
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#15803d"/>
  <g fill="#ffffff" fill-opacity="0.14">
    ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map(
        (i) =>
          `<rect x="${60 + i * 112}" y="${630 - (120 + ((i * 37) % 5) * 70 + i * 18)}" ` +
          `width="72" height="${120 + ((i * 37) % 5) * 70 + i * 18}" rx="6"/>`,
      )
      .join('')}
  </g>
  <rect x="450" y="165" width="300" height="300" rx="62" fill="#ffffff"/>
  <rect x="512" y="327" width="38" height="75" rx="6" fill="#15803d"/>
  <rect x="581" y="277" width="38" height="125" rx="6" fill="#15803d"/>
  <rect x="650" y="227" width="38" height="175" rx="6" fill="#15803d"/>
</svg>`;
await sharp(Buffer.from(og)).png({ compressionLevel: 9 }).toFile('public/og-default.png');
console.log('public/apple-touch-icon.png et public/og-default.png écrits.');
