import { paintHand, paintTable } from './paint.js'
import { encodePng } from './png.js'
import { CARDS_KEYWORD } from './png-text.js'
import { facesShown, type Scene } from './scene.js'

/** A scene → its PNG, with the card codes it shows in the "cards" text chunk (the privacy oracle reads them). */
export function scenePng(scene: Scene): Buffer {
  const { rgba, width, height } = scene.kind === 'table' ? paintTable(scene) : paintHand(scene)
  return encodePng(rgba, width, height, { [CARDS_KEYWORD]: facesShown(scene).join(' ') })
}
