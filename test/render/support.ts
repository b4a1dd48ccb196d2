import { ComponentType } from 'discord.js'
import { card, parseCard, type Card, type Suit } from '../../src/core/cards.js'
import { RANK_LETTERS, rankOfLetter } from '../../src/render/ranks.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import { moveAction } from '../../src/render/custom-id.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import type { Payload } from '../../src/render/payload.js'
import type { RenderTable } from '../../src/render/types.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

/** Helpers for the render tests: tables around engine states, and reading payloads back. */

export const userId = (seat: number) => `40000000000000000${seat}`

export function tableFor(
  engine: AnyEngine,
  state: unknown,
  players: number,
  version: number,
  extra: Partial<RenderTable> = {},
): RenderTable {
  return {
    id: 'tbl_test01',
    game: engine.id,
    guildId: '100000000000000001',
    channelId: '200000000000000002',
    messageId: '300000000000000003',
    status: 'playing',
    creatorId: userId(0),
    options: engine.optionsSchema.parse({}) as Record<string, unknown>,
    buyIn: engine.usesChips ? 100 : 0,
    turnMs: 12 * 3600_000,
    breakMs: 120_000,
    version,
    deadlineAt: 1_900_000_000_000,
    pot: 0,
    endsAt: null,
    seats: Array.from({ length: players }, (_, i) => ({
      userId: userId(i),
      position: i,
      stack: engine.usesChips ? 100 : 0,
      status: 'seated' as const,
      away: false,
    })),
    state,
    progress: state === null ? null : engine.progress(state),
    gamesPlayed: 0,
    ...extra,
  }
}

/** Every string anywhere in a payload (content, embeds, labels, custom_ids, option values). */
export function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

const SYMBOL_SUIT: Record<string, string> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' }
const LABEL = new RegExp(`(?<![0-9A-Za-z])(${RANK_LETTERS.join('|')})([♠♥♦♣])`, 'g')

/** Every card a payload names, as a code (`7D`, in ids and values too) or a label in any language (`D♠`, `Joker 1`). */
export function cardsNamed(payload: unknown): Set<Card> {
  const seen = new Set<Card>()
  for (const t of strings(payload)) {
    for (const m of t.matchAll(/(?<![0-9A-Za-z])(?:10|[AKQJT2-9])[SHDC](?![A-Za-z0-9])|(?<![0-9A-Za-z])X\d+/g)) {
      const c = parseCard(m[0])
      if (c) seen.add(c)
    }
    // Labels in every language's letters (the German queen is D♠).
    for (const m of t.matchAll(LABEL)) {
      const rank = rankOfLetter(m[1]!)
      if (rank) seen.add(card(rank, SYMBOL_SUIT[m[2]!] as Suit))
    }
    for (const m of t.matchAll(/Joker (\d+)/g)) seen.add(`X${m[1]}` as Card)
  }
  return seen
}

/** The hidden cards a payload shows, as codes or as labels (`7♦`, `10♥`), anywhere in it. */
export function leakedCards(payload: Payload, hidden: readonly Card[]): Card[] {
  if (hidden.length === 0) return []
  const seen = cardsNamed(payload)
  return hidden.filter((c) => seen.has(c))
}

/** Every card code an engine's events carry, anywhere in them. */
export function cardsCarried(events: readonly unknown[]): Set<Card> {
  const out = new Set<Card>()
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      const card = parseCard(v)
      if (card) out.add(card)
    } else if (Array.isArray(v)) v.forEach(visit)
    else if (v && typeof v === 'object') Object.values(v).forEach(visit)
  }
  visit(events)
  return out
}

function subsets<T>(items: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = []
  const pick = (start: number, acc: T[]) => {
    if (acc.length >= min && acc.length <= max) out.push(acc.slice())
    if (acc.length === max) return
    for (let i = start; i < items.length; i++) {
      acc.push(items[i]!)
      pick(i + 1, acc)
      acc.pop()
    }
  }
  pick(0, [])
  return out
}

/** Every engine action the payload's move controls can send (select menus: every allowed choice). */
export function offeredActions(payload: Payload): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  for (const row of payload.components ?? []) {
    for (const c of row.components) {
      if (!('custom_id' in c)) continue
      const parsed = parseCustomId(c.custom_id)
      // A confirmed move's first button stands for the move its question makes.
      const id =
        parsed?.kind === 'ask' ? { ...parsed, kind: 'move' as const, move: { action: { type: parsed.type } } } : parsed
      if (!id || id.kind !== 'move') continue
      if (c.type === ComponentType.StringSelect) {
        for (const values of subsets(
          c.options.map((o) => o.value),
          c.min_values ?? 1,
          c.max_values ?? 1,
        )) {
          const a = moveAction(id.move, values)
          if (a) out.push(a)
        }
      } else {
        const a = moveAction(id.move)
        if (a) out.push(a)
      }
    }
  }
  return out
}

/** A canonical text for an action: keys sorted, card lists sorted (their order carries no meaning). */
export function actionKey(a: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm).sort()
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([k, x]) => [k, norm(x)]),
      )
    return v
  }
  return JSON.stringify(norm(a))
}

/**
 * Walks a game with random legal moves from a seed, calling `visit` on every state (between deals
 * too), like the engine contract test.
 */
export function walk(
  engine: AnyEngine,
  players: number,
  seed: number,
  steps: number,
  options: Record<string, unknown>,
  visit: (state: unknown, step: number, events: readonly unknown[]) => void,
): void {
  const rng = new Rng(seedRng(seed))
  const setup = engine.setup({
    players,
    dealer: rng.int(players),
    options: engine.optionsSchema.parse(options),
    seed,
    ...(engine.usesChips ? { stacks: Array.from({ length: players }, () => 20 + rng.int(200)) } : {}),
  })
  if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
  let state: unknown = setup.value.state
  let events: readonly unknown[] = setup.value.events
  for (let step = 0; step < steps; step++) {
    visit(state, step, events)
    if (engine.progress(state) !== 'acting') {
      const next = engine.nextDeal(state)
      if (!next.ok) return
      state = next.value.state
      events = next.value.events
      continue
    }
    const seat = rng.pick(engine.waitingFor(state))
    const legal = engine.legalActions(state, seat)
    if (legal.length === 0) return
    const out = engine.apply(state, seat, rng.pick(legal))
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    state = out.value.state
    events = out.value.events
  }
}
