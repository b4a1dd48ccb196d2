import { parseCard, type Card } from '../../src/core/cards.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

/**
 * What the tests hold a `/table log` scenario file against, worked out on their own from the
 * table's log and the file (not with the writer's code): what a viewer saw step by step, where
 * every card lay at each deal, and which cards the viewer never saw.
 */

/** A log entry as the store keeps it (the parts these checks read). */
export interface LogLine {
  readonly kind: 'setup' | 'action' | 'auto' | 'nextDeal'
  readonly seat: number | null
  readonly payload: unknown
}

/**
 * What a viewer is shown by one move: the public events (with those of the deals started before
 * it) and their view after it.
 */
export interface Observation {
  readonly events: string
  readonly view: string
}

/** A game played through: what the viewer was shown, each deal's first state and the cards it never showed them. */
export interface Played {
  readonly observations: readonly Observation[]
  readonly deals: readonly { readonly start: unknown; readonly hidden: ReadonlySet<Card> }[]
  readonly end: unknown
}

function cardsIn(value: unknown, out: Set<Card>): void {
  if (typeof value === 'string') {
    if (parseCard(value) === value) out.add(value)
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out)
}

type Step = { kind: 'setup'; params: unknown } | { kind: 'nextDeal' } | { kind: 'move'; seat: number; action: unknown }

function playSteps(engine: AnyEngine, steps: readonly Step[], viewer: number | null): Played {
  const observations: Observation[] = []
  const deals: { start: unknown; hidden: Set<Card>; shown: Set<Card> }[] = []
  let state: unknown = null
  let pending: unknown[] = []
  for (const s of steps) {
    const out =
      s.kind === 'setup'
        ? engine.setup(s.params as never)
        : s.kind === 'nextDeal'
          ? engine.nextDeal(state)
          : engine.apply(state, s.seat, s.action)
    if (!out.ok) throw new Error(`${s.kind} refused: ${refusalText(out.error, ENGLISH)}`)
    state = out.value.state
    pending.push(...out.value.events)
    const hidden = new Set(engine.hiddenFrom(state, viewer))
    if (s.kind !== 'move') deals.push({ start: state, hidden, shown: new Set() })
    else for (const c of deals[deals.length - 1]!.hidden) if (!hidden.has(c)) deals[deals.length - 1]!.hidden.delete(c)
    cardsIn(out.value.events, deals[deals.length - 1]!.shown)
    if (s.kind === 'nextDeal') continue
    observations.push({ events: JSON.stringify(pending), view: JSON.stringify(engine.view(state, viewer)) })
    pending = []
  }
  for (const d of deals) for (const c of d.shown) d.hidden.delete(c)
  return { observations, deals: deals.map((d) => ({ start: d.start, hidden: d.hidden })), end: state }
}

/** A table's log entries (a run of deals from its setup) played through for `viewer`; trailing next deals left out. */
export function playLog(engine: AnyEngine, entries: readonly LogLine[], viewer: number | null): Played {
  let last = entries.length
  while (last > 0 && entries[last - 1]!.kind === 'nextDeal') last--
  return playSteps(
    engine,
    entries
      .slice(0, last)
      .map((e): Step =>
        e.kind === 'setup'
          ? { kind: 'setup', params: e.payload }
          : e.kind === 'nextDeal'
            ? { kind: 'nextDeal' }
            : { kind: 'move', seat: e.seat!, action: e.payload },
      ),
    viewer,
  )
}

/** A scenario file played through for `viewer` as the replay command plays it: each deal when an action needs it. */
export function playScenario(engine: AnyEngine, file: Record<string, unknown>, viewer: number | null): Played {
  const { actions, deck, decks, ...params } = file as {
    actions: { seat: number }[]
    deck?: Card[]
    decks?: Card[][]
  } & Record<string, unknown>
  const setup = { seed: 0, dealer: 0, ...params, decks: deck ? [deck] : (decks ?? []) }
  delete (setup as Record<string, unknown>).game
  const steps: Step[] = [{ kind: 'setup', params: setup }]
  // Which deals the replay starts depends on the states on the way: played step by step below.
  let state = playSteps(engine, steps, viewer).end
  for (const { seat, ...action } of actions) {
    while (engine.progress(state) !== 'acting') {
      steps.push({ kind: 'nextDeal' })
      const out = engine.nextDeal(state)
      if (!out.ok) throw new Error(`next deal refused: ${refusalText(out.error, ENGLISH)}`)
      state = out.value.state
    }
    steps.push({ kind: 'move', seat, action })
    const out = engine.apply(state, seat, engine.actionSchema.parse(action))
    if (!out.ok) throw new Error(`move refused: ${refusalText(out.error, ENGLISH)}`)
    state = out.value.state
  }
  return playSteps(engine, steps, viewer)
}

/** The observations that tell the viewer something: a move with no event that leaves the view as it was is left out. */
export function telling(observations: readonly Observation[]): Observation[] {
  return observations.filter((o, i) => i === 0 || o.events !== '[]' || o.view !== observations[i - 1]!.view)
}

/** Where each card lies in a state: the JSON paths it is at (the deck supply, with decks still to come, left out). */
export function cardPlaces(state: unknown): Map<Card, string> {
  const places = new Map<Card, string[]>()
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (parseCard(value) === value) places.set(value, [...(places.get(value) ?? []), path])
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`))
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (path !== '' || k !== 'supply') walk(v, `${path}.${k}`)
  }
  walk(state, '')
  return new Map([...places].map(([c, p]) => [c, p.join(' ')]))
}

/**
 * How a file's deals stand against the real ones, for a viewer: the cards the viewer saw that lie
 * elsewhere in the file (none, for a sound file), how many unseen cards each deal has, how many
 * of them lie where they really lay, and for each (`deal:card`) whether it does.
 */
export function compareDeals(
  real: Played,
  file: Played,
): { seenMoved: string[]; hidden: number[]; hiddenInPlace: number; inPlace: Map<string, boolean> } {
  const seenMoved: string[] = []
  const inPlace = new Map<string, boolean>()
  const hidden: number[] = []
  let hiddenInPlace = 0
  file.deals.forEach((d, i) => {
    const truth = real.deals[i]
    if (!truth) {
      seenMoved.push(`deal ${i + 1} is not in the table's log`)
      return
    }
    const want = cardPlaces(truth.start)
    const got = cardPlaces(d.start)
    for (const [card, place] of want) {
      const same = got.get(card) === place
      if (!truth.hidden.has(card)) {
        if (!same) seenMoved.push(`deal ${i + 1}: ${card} at ${got.get(card)}, seen at ${place}`)
        continue
      }
      hidden[i] = (hidden[i] ?? 0) + 1
      if (same) hiddenInPlace++
      inPlace.set(`${i}:${card}`, same)
    }
  })
  return { seenMoved, hidden, hiddenInPlace, inPlace }
}
