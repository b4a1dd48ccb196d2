import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { ComponentType, type APIButtonComponentWithCustomId, type APIStringSelectComponent } from 'discord.js'
import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/core/cards.js'
import { cardText } from '../../src/render/format.js'
import { DEFAULT_STACK, type AnyEngine } from '../../src/core/engine.js'
import { moveToken } from '../../src/core/move-context.js'
import { ENGINES } from '../../src/games/registry.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import { limitViolations } from '../../src/render/limits.js'
import type { Payload } from '../../src/render/payload.js'
import { describeEvents, describeTableEvents } from '../../src/messages/event-lines.js'
import { renderFinalStandings } from '../../src/messages/results.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { renderResultPing, renderTurnPing } from '../../src/messages/pings.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import { cardsNamed, offeredActions, strings, tableFor, userId } from './support.js'
import { refusalText } from '../../src/render/refusals.js'
import type { TableEvent } from '../../src/tables/types.js'

const NOW = 1_800_000_000_000
const bugami = ENGINES.bugami
const bura = ENGINES.bura
const badugi = ENGINES.badugi

function start(
  engine: AnyEngine,
  players: number,
  seed: number,
  options: Record<string, unknown> = {},
  dealer = 0,
): { state: unknown; events: unknown[] } {
  const out = engine.setup({
    players,
    dealer,
    seed,
    options: engine.optionsSchema.parse(options),
    ...(engine.usesChips ? { stacks: Array.from({ length: players }, () => DEFAULT_STACK) } : {}),
  })
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return { state: out.value.state, events: out.value.events }
}

function act(engine: AnyEngine, state: unknown, seat: number, action: unknown): { state: unknown; events: unknown[] } {
  const out = engine.apply(state, seat, action)
  if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
  return { state: out.value.state, events: out.value.events }
}

function buttons(p: Payload): APIButtonComponentWithCustomId[] {
  return (p.components ?? []).flatMap((r) =>
    r.components.filter(
      (c): c is APIButtonComponentWithCustomId => c.type === ComponentType.Button && 'custom_id' in c,
    ),
  )
}

function selects(p: Payload): APIStringSelectComponent[] {
  return (p.components ?? []).flatMap((r) =>
    r.components.filter((c): c is APIStringSelectComponent => c.type === ComponentType.StringSelect),
  )
}

function text(p: Payload): string {
  return strings({ content: p.content, embeds: p.embeds }).join('\n')
}

function labels(p: Payload): string[] {
  return buttons(p).map((b) => b.label ?? '')
}

describe('lobby message', () => {
  const lobby = {
    ...tableFor(bugami, null, 0, 0),
    status: 'lobby' as const,
    seats: [0, 1].map((i) => ({ userId: userId(i), position: null, stack: 0, status: 'seated' as const, away: false })),
    progress: null,
    deadlineAt: null,
  }

  it('has the buttons Join, Leave, Start, Add AI and Rules, routed by table id', () => {
    const p = renderTableMessage(ENGLISH, lobby, NOW)
    expect(labels(p)).toEqual(['Join', 'Leave', 'Start', 'Add AI', 'Rules'])
    expect(buttons(p).map((b) => parseCustomId(b.custom_id))).toEqual(
      ['join', 'leave', 'start', 'ai', 'rules'].map((verb) => ({ kind: 'table', tableId: lobby.id, verb })),
    )
    expect(text(p)).toContain(`<@${userId(0)}>`)
    expect(text(p)).toContain('Needs 1 more to start')
    expect(text(p)).toContain('turn time 12 h')
    expect(text(renderTableMessage(ENGLISH, { ...lobby, turnMs: 30_000 }, NOW))).toContain('turn time 30 s')
    expect(text(renderTableMessage(ENGLISH, { ...lobby, turnMs: 172_800_000 }, NOW))).toContain('turn time 2 d')
    expect(p.allowedMentions).toEqual({ parse: [] })
    expect(limitViolations(p)).toEqual([])
  })

  it('shows the buy-in of a chip table', () => {
    const p = renderTableMessage(
      ENGLISH,
      { ...lobby, game: 'badugi', options: badugi.optionsSchema.parse({}) as Record<string, unknown>, buyIn: 200 },
      NOW,
    )
    expect(text(p)).toContain('200 chips')
  })

  it('names AI seats "🤖 Anna" and says the table plays practice chips', () => {
    const seats = [userId(0), 'ai-anna-normal'].map((u) => ({ ...lobby.seats[0]!, userId: u }))
    const options = badugi.optionsSchema.parse({}) as Record<string, unknown>
    const t = text(renderTableMessage(ENGLISH, { ...lobby, game: 'badugi', options, buyIn: 200, seats }, NOW))
    expect(t).toContain('2. 🤖 Anna')
    expect(t).toContain('Practice table: AI seats, no real chips')
    expect(t).toContain('200 chips in practice chips: nothing is taken from your server balance')
    expect(t).not.toContain('<@ai-')
    expect(text(renderTableMessage(ENGLISH, lobby, NOW))).not.toContain('Practice table')
  })

  it('tells a seated player their cards come at the start', () => {
    expect(renderHandView(ENGLISH, lobby, userId(0), NOW).content).toMatch(/not started/)
  })
})

describe('Bugami', () => {
  const players = 4
  const s0 = start(bugami, players, 3)

  it('keeps bids secret until the last is in, then shows them all', () => {
    let s = act(bugami, s0.state, 1, { type: 'bid', suit: 'H' })
    s = act(bugami, s.state, 2, { type: 'bid', misere: true })
    const table = tableFor(bugami, s.state, players, 2)
    const pub = renderTableMessage(ENGLISH, table, NOW)
    expect(text(pub)).toContain('has bid ✅')
    expect(text(pub)).not.toMatch(/hearts|Misère|♥/)
    const own = renderHandView(ENGLISH, table, userId(1), NOW)
    expect(text(own)).toContain('Your bid: **♥ hearts** (secret)')
    const other = renderHandView(ENGLISH, table, userId(0), NOW)
    expect(text(other)).not.toMatch(/hearts/)
    // A seat may change its bid: the five bid buttons stay, the current one marked.
    expect(labels(own)).toEqual(['♠ spades', '♥ hearts ✓', '♦ diamonds', '♣ clubs', 'Misère', '↻ Refresh'])
    expect(describeEvents(ENGLISH, table, s.events)).toEqual([`<@${userId(2)}> has bid.`])

    s = act(bugami, s.state, 0, { type: 'bid', suit: 'S' })
    s = act(bugami, s.state, 3, { type: 'bid', suit: 'H' })
    const after = renderTableMessage(ENGLISH, tableFor(bugami, s.state, players, 4), NOW)
    expect(text(after)).toContain('bid **♥ hearts**')
    expect(text(after)).toContain('bid **Misère**')
    expect(text(after)).toContain('bid **♠ spades**')
    expect(describeEvents(ENGLISH, table, s.events).join('\n')).toMatch(/Bids revealed: .*♥ hearts.*Misère/)
  })

  it('offers the legal cards in a select whose values are card codes, and logs plays in words', () => {
    let s = s0
    for (let seat = 0; seat < players; seat++) s = act(bugami, s.state, seat, { type: 'bid', suit: 'S' })
    const leader = bugami.waitingFor(s.state)[0]!
    const table = tableFor(bugami, s.state, players, 9)
    const own = renderHandView(ENGLISH, table, userId(leader), NOW)
    const [menu] = selects(own)
    const legal = bugami.legalActions(s.state, leader).map((a: { card: Card }) => a.card)
    expect(menu!.options.map((o) => o.value).sort()).toEqual([...legal].sort())
    expect(menu!.min_values).toBe(1)
    expect(menu!.max_values).toBe(1)
    expect(parseCustomId(menu!.custom_id)).toEqual({
      kind: 'move',
      tableId: table.id,
      token: moveToken(bugami, s.state, table.gamesPlayed, leader, 'play'),
      move: { action: { type: 'play' }, select: { field: 'card', list: false } },
    })
    const card = legal[0]!
    const played = act(bugami, s.state, leader, { type: 'play', card })
    expect(describeEvents(ENGLISH, table, played.events)).toContain(
      `<@${userId(leader)}> played ${cardText(card, ENGLISH)}.`,
    )
    const pub = renderTableMessage(ENGLISH, tableFor(bugami, played.state, players, 10), NOW)
    expect(text(pub)).toContain(cardText(card, ENGLISH))
    expect(text(pub)).toContain(`<t:${Math.floor(table.deadlineAt! / 1000)}:R>`)
    expect(labels(pub)).toEqual(['Your hand', 'Rules', 'Leave'])
    // Whoever is not to play gets no card controls.
    const idle = renderHandView(ENGLISH, tableFor(bugami, played.state, players, 10), userId(leader), NOW)
    expect(offeredActions(idle)).toEqual([])
  })

  it('names Shotgun Wedding partners once the bids are revealed', () => {
    let s = start(bugami, 4, 12, { shotgunWedding: true })
    for (const [seat, suit] of [
      [0, 'H'],
      [1, 'S'],
      [2, 'H'],
      [3, 'C'],
    ] as const)
      s = act(bugami, s.state, seat, { type: 'bid', suit })
    const table = tableFor(bugami, s.state, 4, 4, {
      options: bugami.optionsSchema.parse({ shotgunWedding: true }) as Record<string, unknown>,
    })
    const embed = renderTableMessage(ENGLISH, table, NOW).embeds![0]!
    expect(embed.fields!.find((f) => f.name === 'Shotgun Wedding partners')?.value).toBe(
      `<@${userId(0)}> + <@${userId(2)}>`,
    )
    expect(text(renderHandView(ENGLISH, table, userId(2), NOW))).toContain(
      `Shotgun Wedding: you play with <@${userId(0)}> this deal.`,
    )
    expect(text(renderHandView(ENGLISH, table, userId(1), NOW))).not.toContain('you play with')
  })

  it('shows the winner and final totals when the match is over, without buttons', () => {
    let state: unknown = start(bugami, 3, 8, { target: 1 }).state
    while (bugami.progress(state) === 'acting') {
      const seat = bugami.waitingFor(state)[0]!
      state = act(bugami, state, seat, bugami.autoAction(state, seat)).state
    }
    const view = bugami.view(state, null) as { winner: number | null; phase: string }
    if (view.phase !== 'gameOver') return // a tie at the top plays on; this seed ends
    const p = renderTableMessage(ENGLISH, { ...tableFor(bugami, state, 3, 50), status: 'finished' }, NOW)
    expect(text(p)).toContain(`🏆 <@${userId(view.winner!)}> wins the match`)
    expect((p.components ?? []).flatMap((row) => row.components.map((c) => ('label' in c ? c.label : '')))).toEqual([
      'Rematch',
    ])
  })
})

describe('Bura', () => {
  function toTrick(options: Record<string, unknown>, seed: number) {
    const s = start(bura, 2, seed, options)
    return s
  }

  it('shows no points or taken cards without showCounts, and the trump card always', () => {
    let s = toTrick({}, 5)
    let guard = 0
    // Play a few tricks with the automatic moves.
    while (bura.progress(s.state) === 'acting' && guard++ < 6) {
      const seat = bura.waitingFor(s.state)[0]!
      s = act(
        bura,
        s.state,
        seat,
        bura.legalActions(s.state, seat).find((a: { type: string }) => a.type === 'play') ??
          bura.autoAction(s.state, seat),
      )
    }
    const table = tableFor(bura, s.state, 2, 3)
    const v = bura.view(s.state, null) as { trumpCard: Card }
    for (const p of [
      renderTableMessage(ENGLISH, table, NOW),
      renderHandView(ENGLISH, table, userId(0), NOW),
      renderHandView(ENGLISH, table, userId(1), NOW),
    ]) {
      expect(text(p)).not.toMatch(/\d\**\s*(?:points?|pts)\b/i)
      expect(text(p)).toContain(cardText(v.trumpCard, ENGLISH))
    }
  })

  it('shows own trick points with showCounts', () => {
    let s = toTrick({ showCounts: true }, 5)
    let guard = 0
    while (bura.progress(s.state) === 'acting' && guard++ < 6) {
      const seat = bura.waitingFor(s.state)[0]!
      s = act(
        bura,
        s.state,
        seat,
        bura.legalActions(s.state, seat).find((a: { type: string }) => a.type === 'play') ??
          bura.autoAction(s.state, seat),
      )
    }
    const table = tableFor(bura, s.state, 2, 3, {
      options: bura.optionsSchema.parse({ showCounts: true }) as Record<string, unknown>,
    })
    expect(text(renderHandView(ENGLISH, table, userId(0), NOW))).toMatch(/Your tricks: \d+ tricks?, \*\*\d+\*\* points/)
  })

  it('offers leads as buttons, answers of the lead count as a select, and Declare 31', () => {
    let s = toTrick({}, 21)
    const leader = bura.waitingFor(s.state)[0]!
    const table = tableFor(bura, s.state, 2, 1)
    const lead = renderHandView(ENGLISH, table, userId(leader), NOW)
    const leads = bura.legalActions(s.state, leader).filter((a: { type: string }) => a.type === 'play')
    expect(buttons(lead).filter((b) => b.label!.startsWith('Lead '))).toHaveLength(leads.length)
    expect(labels(lead)).toContain('Declare 31')
    // The other player may declare at any moment (default option), but has no cards to play yet.
    const other = renderHandView(ENGLISH, table, userId(1 - leader), NOW)
    expect(labels(other)).toEqual(['Declare 31', '↻ Refresh'])
    // Lead the largest lead, then the answer needs exactly as many cards.
    const big = leads.reduce((a: { cards: Card[] }, b: { cards: Card[] }) => (b.cards.length > a.cards.length ? b : a))
    s = act(bura, s.state, leader, big)
    const answer = renderHandView(ENGLISH, tableFor(bura, s.state, 2, 2), userId(1 - leader), NOW)
    if (big.cards.length === 1) {
      expect(buttons(answer).filter((b) => b.label!.startsWith('Play '))).toHaveLength(3)
    } else {
      const [menu] = selects(answer)
      expect(menu!.min_values).toBe(big.cards.length)
      expect(menu!.max_values).toBe(big.cards.length)
      expect(menu!.options).toHaveLength(3)
    }
    const line = describeEvents(ENGLISH, table, s.events).join('\n')
    expect(line).toContain(`<@${userId(leader)}> played `)
    for (const c of big.cards as Card[]) expect(line).toContain(cardText(c, ENGLISH))
  })

  it('words a declaration and the pot it wins as one line', () => {
    const table = tableFor(bura, start(bura, 3, 1).state, 3, 0)
    const lines = describeEvents(ENGLISH, table, [
      { type: 'declare', seat: 2, declaredPoints: 34, correct: true, cards: [] },
      { type: 'chips', from: 'pot', to: { seat: 2 }, amount: 40, reason: 'declaration' },
      { type: 'potWon', seat: 2, amount: 40, reason: 'declared' },
      { type: 'gameOver', reason: 'declared', winners: [2], nextDealer: 2 },
    ])
    expect(lines).toEqual([`<@${userId(2)}> declared 31 with 34 points — wins 40 chips.`])
  })

  it('offers Declare 31 and Pass at the final call and words a declaration with its points', () => {
    let s = toTrick({}, 33)
    let guard = 0
    while (bura.progress(s.state) === 'acting' && guard++ < 500) {
      const seat = bura.waitingFor(s.state)[0]!
      const legal = bura.legalActions(s.state, seat)
      const phase = (bura.view(s.state, null) as { phase: string }).phase
      if (phase === 'finalCall') {
        const table = tableFor(bura, s.state, 2, 7)
        expect(labels(renderHandView(ENGLISH, table, userId(seat), NOW))).toEqual(['Declare 31', 'Pass', '↻ Refresh'])
        expect(text(renderTableMessage(ENGLISH, table, NOW))).toContain('Final call')
        s = act(bura, s.state, seat, { type: 'declare' })
        const lines = describeEvents(ENGLISH, table, s.events).join('\n')
        expect(lines).toMatch(
          new RegExp(
            `<@${userId(seat)}> declared ` +
              '(31 with \\d+ points — wins \\d+ chips|with only \\d+ points: a false declaration)\\.',
          ),
        )
        const over = renderTableMessage(ENGLISH, tableFor(bura, s.state, 2, 8), NOW)
        expect(labels(over)).toContain('Next game')
        expect(text(over)).toMatch(/declared/)
        return
      }
      s = act(bura, s.state, seat, legal.find((a: { type: string }) => a.type === 'play') ?? legal[0])
    }
    throw new Error('no final call reached')
  })
})

describe('Badugi', () => {
  it('labels betting with amounts (fixed limit)', () => {
    const s = start(badugi, 3, 4)
    const seat = badugi.waitingFor(s.state)[0]!
    const p = renderHandView(ENGLISH, tableFor(badugi, s.state, 3, 1), userId(seat), NOW)
    expect(labels(p)).toEqual(['Fold', 'Call 2', 'Raise to 4', '↻ Refresh'])
    expect(text(p)).toMatch(/Value: \*\*/)
  })

  it('offers presets within the range in pot limit and no limit', () => {
    for (const limit of ['pot', 'no']) {
      const s = start(badugi, 3, 4, { limit })
      const seat = badugi.waitingFor(s.state)[0]!
      const p = renderHandView(
        ENGLISH,
        tableFor(badugi, s.state, 3, 1, { options: badugi.optionsSchema.parse({ limit }) as Record<string, unknown> }),
        userId(seat),
        NOW,
      )
      const raises = labels(p).filter((l) => /Raise|All-in/.test(l))
      expect(raises.length).toBeGreaterThanOrEqual(2)
      expect(raises[0]).toBe('Raise to 4 (min)')
      if (limit === 'no') expect(raises.at(-1)).toBe('All-in 100')
      else expect(raises.at(-1)).toMatch(/\(pot\)$/)
    }
  })

  it('offers a bet range of one amount as that one action, never "any amount from N to N"', () => {
    // Blinds 10/20 and 30 chips first to act: a full raise (to 40) is more than the stack, so the
    // only raise there is is all-in for 30, in pot limit and no limit alike.
    for (const limit of ['pot', 'no']) {
      const options = badugi.optionsSchema.parse({ limit, smallBlind: 10, bigBlind: 20 }) as Record<string, unknown>
      const out = badugi.setup({ players: 3, dealer: 0, seed: 4, options, stacks: [30, 100, 100] })
      if (!out.ok) throw new Error(refusalText(out.error, ENGLISH))
      const state = out.value.state
      expect(badugi.waitingFor(state)).toEqual([0])
      const p = renderHandView(ENGLISH, tableFor(badugi, state, 3, 1, { options }), userId(0), NOW)
      expect(labels(p), limit).toEqual(['Fold', 'Call 20', 'All-in 30', '↻ Refresh'])
      expect(text(p), limit).not.toMatch(/any amount|\(min\)|\(max\)/)
      // With chips behind the full raise, the range is a choice and says so.
      const deep = renderHandView(
        ENGLISH,
        tableFor(badugi, start(badugi, 3, 4, options).state, 3, 1, { options }),
        userId(0),
        NOW,
      )
      expect(text(deep), limit).toMatch(/You may raise to any amount from 40 to \d+\./)
    }
  })

  it('draws with a multi-select of card codes and a Stand pat button', () => {
    let s = start(badugi, 2, 9)
    while ((badugi.view(s.state, null) as { phase: string }).phase === 'betting') {
      const seat = badugi.waitingFor(s.state)[0]!
      const legal = badugi.legalActions(s.state, seat)
      s = act(
        badugi,
        s.state,
        seat,
        legal.find((a: { type: string }) => a.type === 'check' || a.type === 'call'),
      )
    }
    const seat = badugi.waitingFor(s.state)[0]!
    const p = renderHandView(ENGLISH, tableFor(badugi, s.state, 2, 5), userId(seat), NOW)
    const [menu] = selects(p)
    const hand = (badugi.view(s.state, seat) as { you: { hand: Card[] } }).you.hand
    expect(menu!.options.map((o) => o.value).sort()).toEqual([...hand].sort())
    expect([menu!.min_values, menu!.max_values]).toEqual([1, 4])
    expect(labels(p)).toContain('Stand pat')
    const drawn = act(badugi, s.state, seat, { type: 'draw', cards: hand.slice(0, 2) })
    const line = describeEvents(ENGLISH, tableFor(badugi, s.state, 2, 5), drawn.events).join('\n')
    expect(line).toContain(`<@${userId(seat)}> drew 2.`)
    // The discarded cards stay hidden: the log names none.
    expect([...cardsNamed({ line })]).toEqual([])
  })
})

describe('seats that stop playing', () => {
  it('names away and departed players on the public message', () => {
    const s = start(bura, 3, 2)
    const base = tableFor(bura, s.state, 3, 1)
    const seats = base.seats.map((seat, i) =>
      i === 1 ? { ...seat, away: true } : i === 2 ? { ...seat, status: 'left' as const } : seat,
    )
    const t = text(renderTableMessage(ENGLISH, { ...base, seats }, NOW))
    expect(t).toContain(`💤 Away, auto-played until they act: <@${userId(1)}>`)
    expect(t).toContain(`🚪 Left, auto-played to the end of this game: <@${userId(2)}>`)
  })
})

describe('turn ping', () => {
  it('pings exactly the players to act and links the table message', () => {
    const s = start(bugami, 3, 1)
    const table = tableFor(bugami, s.state, 3, 0)
    const p = renderTurnPing(ENGLISH, table, [userId(1), userId(2)], '300000000000000003')
    expect(p.allowedMentions).toEqual({ users: [userId(1), userId(2)] })
    expect(p.content).toContain(`<@${userId(1)}> and <@${userId(2)}>`)
    expect(p.content).toContain('https://discord.com/channels/100000000000000001/200000000000000002/300000000000000003')
    expect(limitViolations(p)).toEqual([])
  })

  it('says what is wanted and carries Play, which opens the private view', () => {
    const table = tableFor(bugami, start(bugami, 3, 1).state, 3, 0)
    const p = renderTurnPing(ENGLISH, table, [userId(1), userId(2)])
    expect(p.content).toMatch(/^<@\d+> and <@\d+>, your turn at Bugami: your bid\. Automatic move <t:\d+:R>\.$/)
    const [play] = p.components![0]!.components as APIButtonComponentWithCustomId[]
    expect(play!.label).toBe('Play')
    expect(parseCustomId(play!.custom_id)).toMatchObject({ kind: 'table', verb: 'hand', tableId: table.id })
  })

  it('between games the result ping names the players, the result and when the next game starts', () => {
    let state = start(bura, 2, 3).state
    while (bura.progress(state) === 'acting') {
      const [seat] = bura.waitingFor(state)
      const next = bura.apply(state, seat!, bura.autoAction(state, seat!))
      if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
      state = next.value.state
    }
    const table = tableFor(bura, state, 2, 9, { deadlineAt: NOW + 120_000 })
    const p = renderResultPing(ENGLISH, table, [userId(0), userId(1)], NOW)
    expect(p.allowedMentions).toEqual({ users: [userId(0), userId(1)] })
    expect(p.content).toMatch(/^🏁 <@\d+> and <@\d+> — Bura: /)
    expect(p.content).toContain('starts by itself <t:')
    const [next] = p.components![0]!.components as APIButtonComponentWithCustomId[]
    expect(next!.label).toBe('Next game')
  })
})

describe('final standings of a match table', () => {
  it('names the winner, lists every result and pings each player once', () => {
    const bura = ENGINES.bura
    const table = tableFor(bura, null, 3, 9, { status: 'finished', endsAt: 1_800_000_000_000 })
    const p = renderFinalStandings(ENGLISH, table, {
      type: 'final',
      reason: 'agreedEnd',
      standings: [
        { userId: userId(2), stack: 160, result: 60 },
        { userId: userId(0), stack: 100, result: 0 },
        { userId: userId(1), stack: 40, result: -60 },
      ],
      winners: [userId(2)],
    })
    expect(p.allowedMentions).toEqual({ users: [userId(2), userId(0), userId(1)] })
    // An AI seat in the standings is named, never in the mentions Discord is asked to allow.
    const withAi = renderFinalStandings(ENGLISH, table, {
      type: 'final',
      reason: 'agreedEnd',
      standings: [
        { userId: 'ai-boris-strong', stack: 150, result: 50 },
        { userId: userId(0), stack: 50, result: -50 },
      ],
      winners: ['ai-boris-strong'],
    })
    expect(withAi.allowedMentions).toEqual({ users: [userId(0)] })
    expect(withAi.content).toContain('🏆 🤖 Boris wins.')
    expect(p.content).toBe(
      [
        '🏁 The agreed end has come at Bura: final standings.',
        `1. <@${userId(2)}> — 160 chips (+60)`,
        `2. <@${userId(0)}> — 100 chips (±0)`,
        `3. <@${userId(1)}> — 40 chips (−60)`,
        `🏆 <@${userId(2)}> wins.`,
      ].join('\n'),
    )
    expect(limitViolations(p)).toEqual([])
  })

  it("a tournament's final standings name what the prize pool paid, by place (English and German)", () => {
    const options = badugi.optionsSchema.parse({ format: 'tournament' }) as Record<string, unknown>
    const table = tableFor(badugi, null, 3, 9, { status: 'finished', options })
    const event = {
      type: 'final' as const,
      reason: 'freezeout' as const,
      standings: [
        { userId: userId(1), stack: 600, result: 400 },
        { userId: userId(0), stack: 0, result: -200 },
        { userId: userId(2), stack: 0, result: -200 },
      ],
      winners: [userId(1)],
      prizes: [
        { userId: userId(1), amount: 390, place: 1 },
        { userId: userId(0), amount: 210, place: 2 },
      ],
    }
    const en = renderFinalStandings(ENGLISH, table, event).content!.split('\n')
    expect(en[0]).toBe('🏁 The tournament is over at Badugi: final standings.')
    expect(en.slice(-2)).toEqual([
      `💰 Prize for place 1: <@${userId(1)}> wins 390 chips.`,
      `💰 Prize for place 2: <@${userId(0)}> wins 210 chips.`,
    ])
    const de = renderFinalStandings(langOf('de'), table, event).content!.split('\n')
    expect(de[0]).toBe('🏁 Das Turnier bei Badugi ist vorbei: der Endstand.')
    expect(de.at(-1)).toBe(`💰 Preis für Platz 2: <@${userId(0)}> gewinnt 210 Chips.`)
  })

  it('shows the agreed end on the table message while the table plays', () => {
    const bura = ENGINES.bura
    const s = bura.setup({ players: 2, dealer: 0, options: bura.optionsSchema.parse({}), seed: 4 })
    if (!s.ok) throw new Error(refusalText(s.error, ENGLISH))
    const table = tableFor(bura, s.value.state, 2, 1, { endsAt: 1_900_000_000_000 })
    expect(strings(renderTableMessage(ENGLISH, table, 1_800_000_000_000)).join('\n')).toContain(
      '🏁 Agreed end <t:1900000000:R>: the game then in progress is the last.',
    )
  })
})

describe('table events in the log', () => {
  const who = userId(1)
  /** One event of every kind the table service pushes: a new kind fails to compile here until it has one. */
  const EVERY: { readonly [K in TableEvent['type']]: Extract<TableEvent, { type: K }> } = {
    created: { type: 'created', userId: who },
    joined: { type: 'joined', userId: who, buyIn: 100 },
    left: { type: 'left', userId: who, cashedOut: 40, by: null },
    rebuy: { type: 'rebuy', userId: who, amount: 60 },
    started: { type: 'started', dealer: 0, seed: 1 },
    nextGame: { type: 'nextGame', dealer: 1, seed: 2 },
    autoMove: { type: 'autoMove', userId: who, position: 1, action: { type: 'pass' } },
    away: { type: 'away', userId: who },
    back: { type: 'back', userId: who },
    deserted: { type: 'deserted' },
    gameOver: { type: 'gameOver', winners: [who] },
    final: {
      type: 'final',
      reason: 'freezeout',
      standings: [{ userId: who, stack: 300, result: 200 }],
      winners: [who],
    },
    ended: { type: 'ended', status: 'aborted', refunds: [{ userId: who, amount: 10 }] },
    endRequested: { type: 'endRequested', userId: who },
    voided: { type: 'voided', reason: 'voided', by: who, returns: [{ userId: who, amount: 40 }] },
  }
  /** Told elsewhere, not as a log line of their own (see describeTableEvents). */
  const TOLD_ELSEWHERE = new Set<TableEvent['type']>([
    'created',
    'started',
    'nextGame',
    'autoMove',
    'gameOver',
    'final',
    'ended',
  ])

  /** Lines about the whole table, naming nobody. */
  const ABOUT_THE_TABLE = new Set<TableEvent['type']>(['deserted'])

  it('every kind of seat change is one line naming the player, in English and German; the rest told elsewhere', () => {
    for (const lang of [ENGLISH, langOf('de')])
      for (const [type, event] of Object.entries(EVERY) as [TableEvent['type'], TableEvent][]) {
        const lines = describeTableEvents(lang, [event])
        if (TOLD_ELSEWHERE.has(type)) expect(lines, type).toEqual([])
        else {
          expect(lines, `${lang.locale} ${type}`).toHaveLength(1)
          if (!ABOUT_THE_TABLE.has(type)) expect(lines[0]).toContain(`<@${who}>`)
          expect(lines[0]).not.toMatch(/table:|\{\{|undefined/)
        }
      }
  })

  it('words joins, leaves, kicks, rebuys, away and back', () => {
    const by = userId(0)
    expect(
      describeTableEvents(ENGLISH, [
        EVERY.joined,
        EVERY.rebuy,
        EVERY.left,
        { type: 'left', userId: who, cashedOut: 0, by },
        EVERY.away,
        EVERY.back,
      ]),
    ).toEqual([
      `🪑 <@${who}> sat down, buying in for 100 chips.`,
      `🪑 <@${who}> rebought for 60 chips from their balance.`,
      `🚪 <@${who}> stood up, cashing out 40 chips.`,
      `🚪 <@${by}> removed <@${who}> from the table.`,
      `💤 <@${who}> missed three turns: away, auto-played until they act.`,
      `👋 <@${who}> is back.`,
    ])
    expect(describeTableEvents(langOf('de'), [EVERY.rebuy])).toEqual([
      `🪑 <@${who}> hat für 60 Chips vom Guthaben nachgekauft.`,
    ])
  })
})

describe('a Badugi tournament table message', () => {
  it('shows the level, the blinds now and next and the hands until the next level, in English and German', () => {
    const options = { format: 'tournament', structure: 'normal', levelHands: 4 }
    const s = start(badugi, 3, 4, options)
    const table = tableFor(badugi, s.state, 3, 1, {
      options: badugi.optionsSchema.parse(options) as Record<string, unknown>,
    })
    expect(text(renderTableMessage(ENGLISH, table, NOW))).toContain('Level 1: blinds 5/10 · next 7/15 in 4 hands')
    expect(text(renderTableMessage(langOf('de'), table, NOW))).toContain('Stufe 1: Blinds 5/10 · in 4 Händen 7/15')
  })
})
