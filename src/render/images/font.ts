import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { GlobalFonts } from './canvas.js'

/**
 * The one font every image uses, shipped with the project (dejavu-fonts-ttf) and registered by
 * path: an unregistered family silently falls back to whatever the system has, which may lack
 * the suit glyphs. DejaVu Sans has ♠ ♥ ♦ ♣.
 */
export const FONT = 'CardTableSans'

let registered = false

export function registerFont(): void {
  if (registered) return
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  const ok =
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans.ttf'), FONT) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), FONT)
  if (!ok) throw new Error(`could not register the card font from ${dir}`)
  registered = true
}

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px ${FONT}`
}
