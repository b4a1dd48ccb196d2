import type { Card } from '../../core/cards.js'
import type { Rng } from '../../core/rng.js'
import { buraEngine, type BuraAction, type BuraEvent, type BuraView } from './rules/index.js'
import type { BuraOptions } from './rules/options.js'
import { fullDeck } from './rules/cards.js'
import { judgeFeatures, standing, winChance } from './judge.js'
import { BUDGETS, type AiLevel, type Budget, type DecideOptions } from '../../ai/budget.js'
import { lastEntryWith } from '../../ai/history.js'
import { playout, positionsOf, search, type PositionOf } from '../../ai/search.js'
import { expertBura, type BuraHistory } from './expert.js'

export type { BuraHistory } from './expert.js'

const game = positionsOf(buraEngine)
type BuraPosition = PositionOf<typeof game>

/**
 * A place a card came from in this game's deck: a deck index, or the turned-up trump card.
 * `card` is set when the seat knows it: its own cards and the trump card.
 */
interface Slot {
  readonly seat: number
  readonly at: number | 'trump'
  card: Card | null
}

/**
 * A play as the seat saw it. `cards` null: laid face down by someone else. `held` is how many
 * slots the player had received by then: the cards came from among those.
 */
interface Play {
  readonly seat: number
  readonly cards: readonly Card[] | null
  readonly count: number
  readonly held: number
  readonly faceDown: boolean
  /** Played by the bot (a combination at the start of a trick), not a player's move. */
  readonly automatic: boolean
}

type Move =
  { readonly kind: 'play'; readonly play: Play } | { readonly kind: 'declare' | 'pass'; readonly seat: number }

interface GameKnowledge {
  readonly dealer: number
  readonly trumpCard: Card
  readonly deckSize: number
  readonly slots: readonly Slot[][]
  readonly moves: readonly Move[]
  /** Signature of the public events since the deal: a determinisation must reproduce it. */
  readonly signature: string
}

function signatureOf(events: readonly BuraEvent[]): string {
  const parts: string[] = []
  for (const e of events) {
    if (e.type === 'play') parts.push(`p${e.seat}${e.count}${e.beats ? 'b' : ''}`)
    else if (e.type === 'trick') parts.push(`t${e.winner}`)
    else if (e.type === 'draw') parts.push(`d${e.from}${e.rounds}`)
    else if (e.type === 'combination') parts.push(`c${e.seat}${e.kind}`)
    else if (e.type === 'redeal') parts.push('r')
  }
  return parts.join(' ')
}

/** Reads the current game from the seat's history: where its own cards came from, what was played when. */
function knowledge(h: BuraHistory, options: BuraOptions): GameKnowledge | null {
  const start = lastEntryWith(h.entries, 'deal')
  if (start < 0) return null
  const me = h.seat
  const deckSize = fullDeck(options.deck32).length
  const slots: Slot[][] = Array.from({ length: h.players }, () => [])
  const moves: Move[] = []
  const seen: BuraEvent[] = []
  const mine = new Set<Card>()
  let order: readonly number[] = []
  let dealer = 0
  let trumpCard: Card | null = null
  let pilePos = 0
  let pileSize = 0
  let autoLead = -1
  // The seat's own cards fill its slots in the order they were received.
  const learn = (c: Card) => {
    if (mine.has(c)) return true
    const slot = slots[me]!.find((s) => s.card === null)
    if (!slot) return false
    slot.card = c
    mine.add(c)
    return true
  }
  for (let i = start; i < h.entries.length; i++) {
    const entry = h.entries[i]!
    let events = entry.events
    if (i === start) events = events.slice(events.findIndex((e) => e.type === 'deal'))
    for (const e of events) {
      seen.push(e)
      if (e.type === 'deal') {
        dealer = e.dealer
        order = e.seats
        trumpCard = e.trumpCard
        const k = order.length
        for (let r = 0; r < 3; r++) order.forEach((seat, j) => slots[seat]!.push({ seat, at: r * k + j, card: null }))
        pileSize = deckSize - 3 * k
      } else if (e.type === 'combination') autoLead = e.seat
      else if (e.type === 'play') {
        const automatic = autoLead === e.seat
        autoLead = -1
        const own = e.seat === me && entry.own?.type === 'play' ? entry.own.cards : null
        const cards = e.cards ?? own
        if (e.seat === me) {
          if (!cards) return null
          for (const c of cards) if (!learn(c)) return null
        }
        const play = {
          seat: e.seat,
          cards,
          count: e.count,
          held: slots[e.seat]!.length,
          faceDown: e.faceDown,
          automatic,
        }
        moves.push({ kind: 'play', play })
      } else if (e.type === 'draw') {
        const k = order.length
        const from = order.indexOf(e.from)
        for (let r = 0; r < e.rounds; r++)
          for (let j = 0; j < k; j++) {
            const seat = order[(from + j) % k]!
            const last = pilePos === pileSize - 1
            slots[seat]!.push(
              last ? { seat, at: 'trump', card: trumpCard } : { seat, at: 3 * k + 1 + pilePos, card: null },
            )
            if (last && seat === me) mine.add(trumpCard!)
            pilePos++
          }
      } else if (e.type === 'declare' || e.type === 'pass') moves.push({ kind: e.type, seat: e.seat })
    }
    for (const c of entry.view.hand ?? []) if (!learn(c)) return null
  }
  if (!trumpCard) return null
  return { dealer, trumpCard, deckSize, slots, moves, signature: signatureOf(seen) }
}

function sampler(h: BuraHistory, k: GameKnowledge, options: BuraOptions) {
  const n = h.players
  const me = h.seat
  const full = fullDeck(options.deck32)
  const known = new Set<Card>([k.trumpCard])
  for (const s of k.slots[me]!) if (s.card) known.add(s.card)
  for (const m of k.moves) if (m.kind === 'play' && m.play.cards) for (const c of m.play.cards) known.add(c)
  const unseen = full.filter((c) => !known.has(c))
  const inGame = k.slots.map((s) => s.length > 0)
  // The deal: three rounds to the seats in the game, then the trump card is turned up.
  const trumpAt = 3 * inGame.filter(Boolean).length
  const stacks = inGame.map((on) => (on ? options.ante * 1000 : 0))

  return (rng: Rng): BuraPosition | null => {
    // Each card another seat played came from one of the slots it held then: which one is sampled.
    const cardOf = new Map<Slot, Card | null>()
    const laid: Card[][] = []
    const pool = rng.shuffle(unseen)
    for (const m of k.moves) {
      if (m.kind !== 'play') continue
      const { play } = m
      if (play.seat === me) {
        laid.push(play.cards!.slice())
        continue
      }
      // A face-down card may be the trump card the seat drew; a face-up one is named.
      const free = k.slots[play.seat]!.slice(0, play.held).filter(
        (s) => !cardOf.has(s) && (s.at !== 'trump' || play.cards === null),
      )
      const cards: Card[] = []
      for (let i = 0; i < play.count; i++) {
        const c = play.cards ? play.cards[i]! : null
        if (c === k.trumpCard) {
          const slot = k.slots[play.seat]!.slice(0, play.held).find((s) => s.at === 'trump')
          if (!slot || cardOf.has(slot)) return null
          cardOf.set(slot, c)
          cards.push(c)
          continue
        }
        if (!free.length) return null
        const slot = free.splice(rng.int(free.length), 1)[0]!
        const card = c ?? (slot.at === 'trump' ? k.trumpCard : pool.pop()!)
        cardOf.set(slot, card)
        cards.push(card)
      }
      laid.push(cards)
    }
    const deck: (Card | null)[] = new Array<Card | null>(k.deckSize).fill(null)
    deck[trumpAt] = k.trumpCard
    for (const seatSlots of k.slots)
      for (const s of seatSlots) if (s.at !== 'trump') deck[s.at] = s.card ?? cardOf.get(s) ?? null
    for (let i = 0; i < deck.length; i++) if (deck[i] === null) deck[i] = pool.pop()!
    const setup = game.deal({
      players: n,
      dealer: k.dealer,
      options,
      seed: rng.int(0x7fffffff),
      decks: [deck as Card[]],
      stacks,
    })
    if (!setup.ok) return null
    let pos = setup.value.state
    const events: BuraEvent[] = setup.value.events.slice()
    let p = 0
    for (const m of k.moves) {
      let action: BuraAction
      if (m.kind === 'play') {
        const cards = laid[p++]!
        if (m.play.automatic) continue
        action = { type: 'play', cards, ...(m.play.faceDown ? { faceDown: true } : {}) }
      } else action = { type: m.kind }
      const seat = m.kind === 'play' ? m.play.seat : m.seat
      const out = game.apply(pos, seat, action)
      if (!out.ok) return null
      pos = out.value.state
      events.push(...out.value.events)
    }
    if (signatureOf(events) !== k.signature) return null
    return pos
  }
}

/** Playouts: the automatic move, except that a seat holding 31 in its tricks declares. */
function rolloutPolicy(pos: BuraPosition, seat: number): BuraAction | null {
  const seats = game.summary(pos).seats as readonly { readonly points: number }[]
  if (seats[seat]!.points >= 31 && game.legalActions(pos, seat).some((a) => a.type === 'declare'))
    return { type: 'declare' }
  return game.autoAction(pos, seat)
}

function tricksPlayed(pos: BuraPosition): number {
  let n = 0
  for (const s of game.summary(pos).seats as readonly { readonly tricks: number }[]) n += s.tricks
  return n
}

/**
 * A position the playout stopped at, judged for `me` (`judge.ts`): an ended game by its result, a
 * two-seat game by who has taken what, holds what and leads; with more seats it is played out.
 */
function judge(pos: BuraPosition, me: number): number {
  if (game.progress(pos) !== 'acting') return reward(pos, me)
  const s = game.summary(pos)
  const seats = s.seats as readonly { readonly points: number; readonly inGame: boolean }[]
  const opponent = seats.findIndex((x, i) => x.inGame && i !== me)
  if (seats.filter((x) => x.inGame).length !== 2) return reward(playout(game, pos, rolloutPolicy), me)
  const at = (seat: number) => standing(seats[seat]!.points, game.view(pos, seat).hand ?? [], s.trump as string)
  return winChance(judgeFeatures(at(me), at(opponent), game.view(pos, me).turn === me))
}

/**
 * Tricks a playout plays after the move tried before the position is judged: the trick the move
 * belongs to and the next one (judging sooner or later did no better, docs/ai.md).
 */
const TRICKS_BEFORE_JUDGING = 2

/** Plays a determinisation on for a couple of tricks (or to its end) and judges where it got. */
function outcome(start: BuraPosition, me: number): number {
  const target = tricksPlayed(start) + TRICKS_BEFORE_JUDGING
  return judge(
    playout(game, start, rolloutPolicy, (pos) => tricksPlayed(pos) >= target),
    me,
  )
}

/** 1 for taking the pot, a fair share for an all-pass (the pot stays), -1 for a false declaration. */
function reward(pos: BuraPosition, seat: number): number {
  const s = game.summary(pos)
  const end = s.end as { reason: string; declarer?: number } | null
  if (!end) return 0
  if (end.reason === 'allPassed') return 1 / s.seats.filter((x) => x.inGame).length
  if (end.reason === 'falseDeclaration') return end.declarer === seat ? -1 : 0.5
  return s.winners?.includes(seat) ? 1 : 0
}

function key(a: BuraAction): string {
  return a.type === 'play' ? `${[...a.cards].sort().join(',')}${a.faceDown ? 'fd' : ''}` : a.type
}

/**
 * Bura's levels: the shared budgets, except that the playouts use the fast automatic moves (the
 * expert's rules made no better playouts here, at many times the cost) and stop after two tricks
 * to judge the position (`judge`). Normal searches 10 determinisations and strong 256: with
 * the judged positions, more determinisations for normal beat the expert more often but leave strong
 * less to gain over it, and 10 is where both targets hold (docs/ai.md, "Levels").
 */
const LEVELS: Record<AiLevel, Budget> = {
  easy: BUDGETS.easy,
  normal: { ...BUDGETS.normal, samples: 10 },
  strong: { ...BUDGETS.strong, samples: 256, expertRollouts: false },
}

export function decideBura(h: BuraHistory, opts: DecideOptions): BuraAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view || !view.hand || !view.waitingFor.includes(h.seat)) return null
  const options = buraEngine.optionsSchema.parse(h.options)
  const k = knowledge(h, options)
  const me = h.seat
  const level = LEVELS[opts.level]
  const chosen = k
    ? search(
        {
          game,
          seat: me,
          sampler: sampler(h, k, options),
          // Declaring first: on a tie (a sure 31 scores what any later win would) the earlier candidate wins.
          candidates: (pos) => {
            const legal = game.legalActions(pos, me)
            return [...legal.filter((a) => a.type === 'declare'), ...legal.filter((a) => a.type !== 'declare')]
          },
          evaluate: (pos, action) => {
            const out = game.apply(pos, me, action)
            return out.ok ? outcome(out.value.state, me) : -Infinity
          },
          key,
          expert: () => expertBura(h, opts),
          budget: level,
        },
        opts,
      )
    : null
  return chosen ?? fallback(view)
}

/** Without a consistent determinisation (it should not happen): pass at the final call, else lay the first cards. */
function fallback(view: BuraView): BuraAction | null {
  if (view.phase === 'finalCall') return { type: 'pass' }
  const size = view.trick && view.trick.size > 0 ? view.trick.size : 1
  return view.hand && view.hand.length >= size ? { type: 'play', cards: view.hand.slice(0, size) } : null
}
