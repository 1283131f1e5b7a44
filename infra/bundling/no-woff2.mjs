// Stands in for `brotli/decompress.js` in the PDF bundles: fontkit needs brotli only to read WOFF2 fonts, and the
// PDFs embed TTF fonts (DejaVu Sans), so the 475 KB decompressor is left out. Reading a WOFF2 font fails plainly.
export default function decompress() {
  throw new Error('WOFF2 fonts are not bundled: the PDFs embed TTF fonts');
}
