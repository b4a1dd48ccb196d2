import type { CardImage } from '../render/images/attach.js'
import { createHash } from 'node:crypto'
import { cardText } from '../render/format.js'
import { gameModule } from '../games/registry.js'
import type { RenderTable } from '../render/types.js'
import { Lru, WeightedLru } from '../lib/lru.js'
import { drawPool } from '../render/images/pool.js'
import { facesShown, type Scene } from '../render/images/scene.js'
import type { SeatNames } from '../render/images/seat-names.js'
import { ownSeatView, spectatorView } from '../render/images/views.js'
import type { Lang } from '../i18n/index.js'

/**
 * Pictures of a table: the public table image from the spectator view, a seat's hand image from
 * that seat's view. Each image comes with its alt text and the card codes it shows. Identical
 * scenes are drawn once (cached by content) and get the same file name, so an edit that does not
 * change the picture can keep the attachment already uploaded.
 */

// Pictures by content, kept from the moment they start drawing: a second ask for the same picture
// while the first is on a drawing thread waits for it instead of drawing it again.
const cache = new Lru<string, Promise<CardImage>>(256)

function describe(lang: Lang, scene: Scene): string {
  const faces = (fs: readonly string[]) =>
    fs.length
      ? fs.map((f) => (f === 'back' ? lang.t('table:images.faceDown') : cardText(f as never, lang))).join(', ')
      : lang.t('table:images.noCards')
  const parts = [scene.title, scene.subtitle]
  if (scene.kind === 'table') {
    for (const g of scene.centre) parts.push(`${g.caption}: ${faces(g.faces)}`)
    for (const s of scene.seats)
      parts.push(
        lang.t('table:images.seatLine', {
          name: s.acting ? lang.t('table:images.toAct', { name: s.name }) : s.name,
          line: s.line,
          shown: faces(s.cards.filter((f) => f !== 'back')),
          hidden: s.cards.filter((f) => f === 'back').length,
        }),
      )
  } else {
    parts.push(lang.t('table:images.yourCards', { cards: faces(scene.hand.map((h) => h.card)) }))
    const lit = scene.hand.filter((h) => h.lit)
    if (lit.length) parts.push(lang.t('table:images.highlighted', { cards: faces(lit.map((h) => h.card)) }))
    for (const g of scene.extra) parts.push(`${g.caption}: ${faces(g.faces)}`)
  }
  const text = parts.join('. ')
  // Discord's attachment description is at most 1,024 characters.
  return text.length <= 1024 ? text : `${text.slice(0, 1023)}…`
}

/**
 * Draws a scene (on the drawing threads, pool.ts), or takes it from the cache (drawn or being
 * drawn); `cached` false: drawn afresh, and not kept.
 */
export function drawScene(lang: Lang, scene: Scene, cached = true): Promise<CardImage> {
  // The scene names its language (its words, the letters on its cards, the alt text): the same
  // table in two languages is two entries and two pictures.
  const key = JSON.stringify(scene)
  const hit = cached ? cache.get(key) : undefined
  if (hit) return hit
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16)
  const image = drawPool()
    .draw(scene, key)
    .then((png): CardImage => ({
      name: `${scene.kind}-${hash}.png`,
      png,
      description: describe(lang, scene),
      cards: facesShown(scene),
    }))
  if (!cached) return image
  cache.set(key, image)
  // A picture that failed (its thread died) is not remembered: the next ask draws it afresh.
  image.catch(() => {
    if (cache.peek(key) === image) cache.delete(key)
  })
  return image
}

function seatNames(lang: Lang, table: RenderTable, displayName: (userId: string) => string | undefined): SeatNames {
  const byPosition = new Map<number, string>()
  for (const s of table.seats) if (s.position !== null) byPosition.set(s.position, s.userId)
  return (position) => {
    const user = byPosition.get(position)
    return (user && displayName(user)) || lang.t('table:seat', { n: position + 1 })
  }
}

const noNames = () => undefined

/** The scene of the public image: built from the spectator view only. */
export function tableSceneOf(
  lang: Lang,
  table: RenderTable,
  displayName: (userId: string) => string | undefined = noNames,
) {
  const module = gameModule(table.game)
  // A game without pictures (a test's toy game) shows none.
  if (!module?.scenes || table.state === null || table.state === undefined) return null
  return module.scenes.tableScene(spectatorView(module.engine, table.state), seatNames(lang, table, displayName), lang)
}

/** The scene of a seat's private image: built from that seat's view only. */
export function handSceneOf(
  lang: Lang,
  table: RenderTable,
  seat: number,
  displayName: (userId: string) => string | undefined = noNames,
) {
  const module = gameModule(table.game)
  if (!module?.scenes || table.state === null || table.state === undefined) return null
  const { engine, scenes } = module
  const legal = engine.progress(table.state) === 'acting' ? engine.legalActions(table.state, seat) : []
  return scenes.handScene(ownSeatView(engine, table.state, seat), legal, seatNames(lang, table, displayName), lang)
}

export function tableImage(
  lang: Lang,
  table: RenderTable,
  displayName?: (userId: string) => string | undefined,
): Promise<CardImage | null> {
  const scene = tableSceneOf(lang, table, displayName)
  return scene ? drawScene(lang, scene) : Promise.resolve(null)
}

/**
 * Hand pictures by what their seat sees, the bytes of their PNGs bounded: a seat's picture is a
 * function of its own view (its cards, what it may play, the public state it is shown), its
 * language and the names at the table, so a view asked for again while the hand stands (the
 * Play of a turn ping, Your hand, a second look) is the picture already drawn, found without
 * building its scene. Far larger than the scene cache: a busy bot draws hundreds a second.
 * HAND_PICTURE_CACHE_MB sets its size; 0 turns it off (with the scene cache for hand pictures),
 * so that every view draws its picture afresh: the load test's "before" (docs/load.md).
 */
export const DEFAULT_HAND_PICTURES_MB = 48
let handPictures: WeightedLru<string, Promise<CardImage | null>> | null = new WeightedLru(
  DEFAULT_HAND_PICTURES_MB * 1024 * 1024,
)

/** The hand pictures' cache: `mb` of PNGs (at start-up, before the first picture); 0: none. */
export function setHandPictureCache(mb: number): void {
  handPictures = mb > 0 ? new WeightedLru(mb * 1024 * 1024) : null
}

export function handImage(
  lang: Lang,
  table: RenderTable,
  seat: number,
  displayName: (userId: string) => string | undefined = noNames,
): Promise<CardImage | null> {
  const module = gameModule(table.game)
  if (!module?.scenes || table.state === null || table.state === undefined) return Promise.resolve(null)
  const { engine, scenes } = module
  const view = ownSeatView(engine, table.state, seat)
  const legal = engine.progress(table.state) === 'acting' ? engine.legalActions(table.state, seat) : []
  const names = seatNames(lang, table, displayName)
  const seated = table.seats
    .flatMap((s) => (s.position === null ? [] : [s.position]))
    .sort((a, b) => a - b)
    .map((position) => [position, names(position)])
  const pictures = handPictures
  if (!pictures) return drawScene(lang, scenes.handScene(view, legal, names, lang), false)
  const key = createHash('sha1')
    .update(JSON.stringify([table.game, lang.locale, seat, seated, view, legal]))
    .digest('base64')
  const hit = pictures.get(key)
  if (hit) return hit
  const image = drawScene(lang, scenes.handScene(view, legal, names, lang))
  pictures.set(key, image)
  image.then(
    (drawn) => pictures.weigh(key, drawn.png.length + drawn.description.length * 2),
    // A picture that failed (its thread died) is not remembered: the next ask draws it afresh.
    () => {
      if (pictures.peek(key) === image) pictures.delete(key)
    },
  )
  return image
}
