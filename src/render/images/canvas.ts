// First: it sets up the canvas library's allocator, which reads its settings as the library loads.
import './huge-pages.js'

/** The canvas library, for every file that draws: loaded only through here (huge-pages.ts says why). */
export { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas'
