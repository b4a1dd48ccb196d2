import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { GlobalFonts } from './canvas.js'

/**
 * The fonts every image uses, shipped with the project (dejavu-fonts-ttf) and registered by path:
 * an unregistered family silently falls back to whatever the system has, which may lack the suit
 * glyphs. DejaVu Sans has ♠ ♥ ♦ ♣; its condensed cut fits more of a name into a seat's badge.
 */
export const FONT = 'CardTableSans'
export const CONDENSED = 'CardTableSansCondensed'

let registered = false

export function registerFont(): void {
  if (registered) return
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  const ok =
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans.ttf'), FONT) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), FONT) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSansCondensed.ttf'), CONDENSED) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSansCondensed-Bold.ttf'), CONDENSED)
  if (!ok) throw new Error(`could not register the card fonts from ${dir}`)
  registered = true
}

export function font(size: number, bold = false, condensed = false): string {
  return `${bold ? 'bold ' : ''}${size}px ${condensed ? CONDENSED : FONT}`
}
