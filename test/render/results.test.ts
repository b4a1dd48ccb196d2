import { ENGLISH } from '../../src/i18n/index.js'
import { describe, expect, it } from 'vitest'
import { DEFAULT_STACK, type AnyEngine } from '../../src/core/engine.js'
import { ENGINES } from '../../src/games/registry.js'
import { describeEvents } from '../../src/messages/event-lines.js'
import { renderGameResult, renderResultLine } from '../../src/messages/results.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import { strings, tableFor, userId } from './support.js'
import { refusalText } from '../../src/render/refusals.js'

/** Results players can scroll back to, end states that agree, words players know. */

const NOW = 1_800_000_000_000
const bugami = ENGINES.bugami
const bura = ENGINES.bura
const badugi = ENGINES.badugi

type Action = { type: string; amount?: number; cards?: string[] }

function setup(engine: AnyEngine, players: number, seed: number, options = {}, stacks?: number[]): unknown {
  const out = engine.setup({
    players,
    dealer: 0,
    seed,
    options: engine.optionsSchema.parse(options),
    ...(engine.usesChips ? { stacks: stacks ?? Array.from({ length: players }, () => DEFAULT_STACK) } : {}),
  })
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return out.value.state
}

/** Plays until the game is over with `choose` picking each move of the seat to act. */
function playOut(engine: AnyEngine, state: unknown, choose: (legal: Action[], seat: number) => Action): unknown {
  for (let i = 0; i < 2000 && engine.progress(state) === 'acting'; i++) {
    const seat = engine.waitingFor(state)[0]!
    const out = engine.apply(state, seat, choose(engine.legalActions(state, seat) as Action[], seat))
    if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
    state = out.value.state
  }
  return state
}

/** Everyone puts every chip in and stands pat: a showdown with a pot per all-in level. */
function allIn(legal: Action[]): Action {
  const wagers = legal.filter((a) => a.type === 'bet' || a.type === 'raise')
  if (wagers.length) return wagers.reduce((a, b) => ((b.amount ?? 0) > (a.amount ?? 0) ? b : a))
  return (
    legal.find((a) => a.type === 'call') ??
    legal.find((a) => a.type === 'check') ??
    legal.find((a) => a.type === 'draw' && a.cards?.length === 0) ??
    legal[0]!
  )
}

const text = (p: unknown) => strings(p).join('\n')

describe('results', () => {
  it('Badugi: the headline names each pot with its own winner, never "X and Y win"', () => {
    const over = playOut(badugi, setup(badugi, 3, 11, { limit: 'no' }, [20, 60, 100]), allIn)
    const table = tableFor(badugi, over, 3, 9, { options: badugi.optionsSchema.parse({ limit: 'no' }) })
    const posted = renderGameResult(ENGLISH, table)!
    const headline = renderResultLine(ENGLISH, table)!
    expect(posted.content!.split('\n')[0]).toContain(headline)
    expect(headline).toMatch(/^Hand 1: main pot 60 (→|split →) .*; side pot 80 (→|split →) /)
    expect(headline).not.toMatch(/ and .* wins?\b/)
    // Every player showed down (nobody folded): each line shows that hand, and each winner's value.
    for (let seat = 0; seat < 3; seat++) expect(posted.content).toMatch(new RegExp(`<@${userId(seat)}> — .*showed `))
    expect(posted.allowedMentions).toEqual({ parse: [] })
  })

  it('Badugi: a hand won by folds shows no hand at all', () => {
    const fold = (legal: Action[]) => legal.find((a) => a.type === 'fold') ?? allIn(legal)
    const over = playOut(badugi, setup(badugi, 3, 5), fold)
    const posted = renderGameResult(ENGLISH, tableFor(badugi, over, 3, 4))!
    expect(posted.content).toMatch(/Hand 1: pot \d+ → <@\d+> \(everyone else folded\)\./)
    expect(posted.content).not.toMatch(/showed|badugi|[2-9TJQKA][♠♥♦♣]/)
  })

  it('Bugami: a scored deal lists bid, tricks, bugs and points per player, and the last trick', () => {
    let state = setup(bugami, 3, 2)
    // Everyone bids, then the first legal card each turn, until the first deal is scored.
    for (let i = 0; i < 500; i++) {
      const view = bugami.view(state, null) as { phase: string }
      if (view.phase === 'between' || view.phase === 'gameOver') break
      const seat = bugami.waitingFor(state)[0]!
      const out = bugami.apply(state, seat, bugami.legalActions(state, seat)[0])
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      state = out.value.state
    }
    const posted = renderGameResult(ENGLISH, tableFor(bugami, state, 3, 60))!
    const lines = posted.content!.split('\n')
    expect(lines[0]).toMatch(/^🏁 \*\*Bugami\*\* — Deal 1: <@\d+> [+−]?\d+, /)
    for (let seat = 0; seat < 3; seat++)
      expect(posted.content).toMatch(
        new RegExp(`<@${userId(seat)}> — bid .* · \\d+ tricks?.* · \\*\\*[+−]?\\d+\\*\\* \\(total -?\\d+\\)`),
      )
    expect(lines.at(-1)).toMatch(/^Last trick: .* — taken by <@\d+>$/)
    expect(posted.content).not.toMatch(/chip/i)
  })
})

describe('end states agree with themselves', () => {
  it('a table closed mid-game shows no turn marker, no "to play" and no controls', () => {
    for (const engine of Object.values(ENGINES)) {
      const players = engine.minPlayers + 1
      const state = setup(engine, players, 3)
      const live = renderTableMessage(ENGLISH, tableFor(engine, state, players, 1), NOW)
      expect(text(live), engine.id).toContain('▶')
      const closed = tableFor(engine, state, players, 2, { status: 'aborted', progress: null, deadlineAt: null })
      const p = renderTableMessage(ENGLISH, closed, NOW)
      expect(text(p), engine.id).not.toMatch(/▶|to play|to lead|to act|Your turn/)
      expect(p.components).toEqual([])
      expect(text(renderHandView(ENGLISH, closed, userId(0), NOW))).not.toMatch(/Your turn|Your lead/)
    }
  })

  it('a refund reads as a refund, not a win', () => {
    const table = tableFor(badugi, setup(badugi, 3, 1), 3, 1)
    const refund = { type: 'chips', from: 'pot', to: { seat: 1 }, amount: 7, reason: 'refund' }
    expect(describeEvents(ENGLISH, table, [refund])).toEqual([`<@${userId(1)}> gets 7 chips back (refund).`])
    const buraTable = tableFor(bura, setup(bura, 3, 1), 3, 1)
    expect(describeEvents(ENGLISH, buraTable, [refund])).toEqual([
      `<@${userId(1)}> gets 7 chips back from the pot (refund).`,
    ])
  })
})

describe('words a player knows', () => {
  const footer = (engine: AnyEngine, options: Record<string, unknown>) => {
    const state = setup(engine, engine.minPlayers, 1, options)
    const table = tableFor(engine, state, engine.minPlayers, 1, {
      options: engine.optionsSchema.parse(options) as Record<string, unknown>,
    })
    return renderTableMessage(ENGLISH, table, NOW).embeds![0]!.footer!.text
  }

  it('labels options in words and leaves out what does not matter at this table', () => {
    const noLimit = footer(badugi, { limit: 'no', smallBlind: 5, bigBlind: 10 })
    expect(noLimit).toMatch(/^no limit · small blind 5 · big blind 10 · cash table · turn time/)
    expect(noLimit).not.toMatch(/bet|smallBlind|bigBlind/)
    expect(footer(badugi, {})).toMatch(/^fixed limit · small blind 1 · big blind 2 · small bet 2 · big bet 4 ·/)
    const buraFooter = footer(bura, {})
    expect(buraFooter).toMatch(/^ante 10 · count in your head · turn time/)
    expect(footer(bura, { showCounts: true, scoring: 'points' })).toMatch(
      /^points of your tricks shown · penalty points \(12 loses\) · turn time/,
    )
    expect(footer(bugami, { jokers: 2 })).toMatch(/^target 250 points · 2 jokers · turn time/)
    for (const f of [noLimit, buraFooter]) expect(f).not.toMatch(/[a-z][A-Z]/)
  })
})
