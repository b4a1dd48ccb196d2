import { Writable } from 'node:stream'
import { afterEach, expect } from 'vitest'
import { startBot, type Bot, type BotOptions } from '../../src/bot.js'
import type { Pace } from '../../src/discord/desk.js'
import type { Card } from '../../src/core/cards.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { engineFor } from '../../src/games/registry.js'
import { replayText } from '../support/replay.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'
import { compareDeals, playLog, playScenario, telling } from '../support/scenario-truth.js'
import { createLogger } from '../../src/lib/log.js'
import { buttonLabels, chooseMove, confirm, useControl } from '../support/controls.js'
import { CARDS_KEYWORD, readTextChunks } from '../../src/render/images/png-text.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  startFakeDiscord,
  type Answer,
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMember,
  type FakeMessage,
  type OptionValue,
} from '../../src/sandbox/discord/index.js'
import type { MemberRate } from '../../src/lib/member-limit.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'
import { cardPattern, isExamplePage, linesOf, withoutCardEmojis } from '../support/privacy-text.js'
import { countingSeeds } from './seeds.js'

export { cardPattern }

/**
 * The fake's clock stands still between a test's steps: every change is drawn at once, and each
 * answer comes after its change is in the channel, so a test reads both in order.
 */
const AT_ONCE: Pace = { tableEditMs: 0, answerWaitMs: Infinity }
const UNLIMITED: MemberRate = { burst: 1_000_000, perSecond: 1_000_000 }

export interface WorldOptions {
  readonly admins?: readonly string[]
  /** How fast the bot draws busy tables (default AT_ONCE). */
  readonly pace?: Pace
  /** Each member's interaction rate (default UNLIMITED: a test's members click as fast as the bot answers). */
  readonly memberRate?: MemberRate
  /**
   * Further options of the bot (e.g. `metrics`, or `seeds` for a deal a test needs; without them
   * the world's games take `countingSeeds()`, the same deals on every run).
   */
  readonly bot?: Partial<Pick<BotOptions, 'metrics' | 'wrapStore' | 'seeds'>>
}

/**
 * One end-to-end world: the fake Discord, the real bot (discord.js client, table service, a SQLite
 * file in a temporary folder or a PostgreSQL schema of its own) on the fake's clock, one server,
 * one channel and its members.
 */
export class World {
  bot!: Bot
  readonly logLines: string[] = []
  /** Log lines already checked by the privacy oracle. */
  logChecked = 0
  private readonly checked = new Map<string, Set<string>>()
  /** Per table: how much of the action log the privacy oracle has replayed, and the state there. */
  readonly oracleMarks = new Map<string, { index: number; state: unknown }>()
  private constructor(
    readonly discord: FakeDiscord,
    readonly guild: FakeGuild,
    /** Where the table plays: the server's channel, or the thread a table opened in (`playIn`). */
    public channel: FakeChannel,
    readonly members: Record<string, FakeMember>,
    readonly databaseUrl: string,
    private readonly pace: Pace,
    private readonly botOptions: Partial<Pick<BotOptions, 'metrics' | 'memberRate' | 'wrapStore' | 'seeds'>> = {},
  ) {}

  static async start(names: readonly string[], opts: WorldOptions = {}): Promise<World> {
    const discord = await startFakeDiscord()
    const guild = discord.guild('Card Club')
    const channel = guild.channel('cards')
    const members: Record<string, FakeMember> = {}
    for (const n of names) members[n] = guild.member(n, { admin: opts.admins?.includes(n) ?? false })
    const world = new World(discord, guild, channel, members, freshDatabaseUrl(), opts.pace ?? AT_ONCE, {
      memberRate: opts.memberRate ?? UNLIMITED,
      // One sequence for the world, so a restarted bot deals on where the last one stopped.
      seeds: countingSeeds(),
      ...opts.bot,
    })
    await world.boot()
    return world
  }

  /** Starts the bot on this world's database (again, after `stopBot`). */
  async boot(): Promise<void> {
    const sink = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        this.logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    })
    this.bot = await startBot({
      token: this.discord.token,
      discordUrl: this.discord.url,
      databaseUrl: this.databaseUrl,
      clock: this.discord.clock,
      log: createLogger('info', sink),
      pace: this.pace,
      ...this.botOptions,
    })
  }

  async restart(): Promise<void> {
    await this.bot.stop()
    await this.boot()
  }

  async close(): Promise<void> {
    await this.bot.stop()
    await this.discord.stop()
    await dropDatabase(this.databaseUrl)
  }

  /** The table plays in `channel` from now on (a table opened in a thread plays there). */
  playIn(channel: FakeChannel): void {
    this.channel = channel
  }

  /** Lines of text the privacy oracle already checked for a member. */
  checkedLines(name: string): Set<string> {
    let set = this.checked.get(name)
    if (!set) this.checked.set(name, (set = new Set()))
    return set
  }

  member(name: string): FakeMember {
    const m = this.members[name]
    if (!m) throw new Error(`no member ${name}`)
    return m
  }

  nameOf(userId: string): string {
    const entry = Object.entries(this.members).find(([, m]) => m.id === userId)
    if (!entry) throw new Error(`no member with id ${userId}`)
    return entry[0]
  }

  async table(): Promise<TableSnapshot> {
    const t = await this.bot.tables.inChannel(this.guild.id, this.channel.id)
    if (!t) throw new Error('no open table in the channel')
    return t
  }

  async tableById(id: string): Promise<TableSnapshot> {
    const t = await this.bot.tables.get(id)
    if (!t) throw new Error(`no table ${id}`)
    return t
  }

  /** The table's public message as the channel shows it now. */
  publicMessage(table: TableSnapshot): FakeMessage {
    const m = table.messageId ? this.discord.message(table.messageId) : undefined
    if (!m) throw new Error(`table ${table.id} has no public message`)
    return m
  }

  async expectAuditBalanced(): Promise<void> {
    const report = await this.bot.store.audit()
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
  }

  /**
   * Nothing failed on the Discord side: every interaction acknowledged in time, no unknown route,
   * and no direct message ever opened (hands are never sent by DM).
   */
  expectCleanDiscord(): void {
    expect(this.discord.failedInteractions).toEqual([])
    expect(this.discord.unknownRoutes).toEqual([])
    expect(this.discord.requests.filter((r) => r.path.includes('/users/@me/channels'))).toEqual([])
  }
}

/**
 * Registers the checks every e2e test ends with (nothing failed on the Discord side, the chip
 * audit balanced) and the clean-up; returns the function that starts the test's world.
 */
export function eachTestWorld(): (names: readonly string[], opts?: WorldOptions) => Promise<World> {
  let current: World | undefined
  afterEach(async () => {
    const w = current
    current = undefined
    if (!w) return
    try {
      w.expectCleanDiscord()
      await w.expectAuditBalanced()
    } finally {
      await w.close()
    }
  })
  return async (names, opts) => (current = await World.start(names, opts))
}

/** `creator` opens a table with `/<command>`, the `joiners` press Join, the creator presses Start. */
export async function openAndStart(
  w: World,
  command: string,
  options: Record<string, OptionValue>,
  joiners: readonly string[],
  creator = 'alice',
): Promise<FakeMessage> {
  await w.member(creator).slash(w.channel, command, options)
  const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
  for (const n of joiners) await w.member(n).click(lobby, 'Join')
  await w.member(creator).click(lobby, 'Start')
  return lobby
}

// ── what members see ────────────────────────────────────────────────────────

export {
  buttonLabels,
  chooseMove,
  componentsOf,
  confirm,
  controlFor,
  textOf,
  useControl,
  type Control,
} from '../support/controls.js'

/** The cards a picture was drawn from, as the bot wrote them into the PNG ("cards" text chunk). */
export function pictureCards(world: World, url: string): string[] {
  const png = world.discord.attachmentData(url)
  if (!png) throw new Error(`no stored file at ${url}`)
  const text = readTextChunks(png)[CARDS_KEYWORD]
  if (text === undefined) throw new Error(`the picture at ${url} does not say which cards it shows`)
  return text ? text.split(' ') : []
}

/**
 * A scenario file (`/table log`) that `member` can see, checked against the table's log as it is
 * now (check right after the file is sent): it replays, names none of the table's seeds, shows the
 * member exactly what the table showed them, step by step, with every card they saw where it lay,
 * and is not the truth on the cards they never saw. That last test needs a few such cards to mean
 * anything (a sound file lands them all where they were with odds of 1 in 6! at most): a file
 * dealt from the table's own decks is caught.
 */
async function expectScenarioHidesUnseen(world: World, table: TableSnapshot, name: string, url: string): Promise<void> {
  const text = world.discord.attachmentData(url)?.toString('utf8')
  if (text === undefined) throw new Error(`no stored file at ${url}`)
  expect(replayText(text).exitCode, `the scenario file ${url} replays`).toBe(0)
  const file = JSON.parse(text) as Record<string, unknown>
  const log = await world.bot.store.actions.list(table.id)
  const starts = log.flatMap((e, i) => (e.kind === 'setup' ? [i] : []))
  const seeds = starts.map((i) => (log[i]!.payload as { seed: number }).seed)
  expect(seeds, `the scenario file ${url} names a seed of the table`).not.toContain(file.seed)
  const engine = engineFor(table.game)!
  const userId = world.member(name).id
  const matches: { hidden: number; inPlace: number }[] = []
  starts.forEach((from, k) => {
    const run = log.slice(from, starts[k + 1] ?? log.length)
    const moved = run.find((e) => e.userId === userId && e.seat !== null)
    const seatNow = table.seats.find((s) => s.userId === userId)?.position ?? null
    const viewer = moved ? moved.seat : k === starts.length - 1 ? seatNow : null
    const real = playLog(engine, run, viewer)
    const mine = playScenario(engine, file, viewer)
    const told = telling(mine.observations)
    if (JSON.stringify(told) !== JSON.stringify(telling(real.observations).slice(0, told.length))) return
    const places = compareDeals(real, mine)
    expect(places.seenMoved, `${name} saw these cards elsewhere than the file ${url} has them`).toEqual([])
    matches.push({ hidden: places.hidden.reduce((a, b) => a + b, 0), inPlace: places.hiddenInPlace })
  })
  expect(matches.length, `the file ${url} shows ${name} a game the table did not show them`).toBeGreaterThan(0)
  for (const m of matches)
    expect(
      m.hidden >= 6 && m.inPlace === m.hidden,
      `the file ${url} has all ${m.hidden} cards ${name} never saw where they really lay`,
    ).toBe(false)
}

/** The engine states a table went through since the oracle's last look (folded from the action log). */
async function statesSinceLastCheck(world: World, tableId: string, engine: AnyEngine): Promise<unknown[]> {
  const log = await world.bot.store.actions.list(tableId)
  const mark = world.oracleMarks.get(tableId) ?? { index: 0, state: null as unknown }
  let state = mark.state
  const states = mark.index > 0 ? [state] : []
  for (const e of log.slice(mark.index)) {
    const out =
      e.kind === 'setup'
        ? engine.setup(e.payload as never)
        : e.kind === 'nextDeal'
          ? engine.nextDeal(state)
          : engine.apply(state, e.seat!, e.payload)
    if (!out.ok) throw new Error(`log entry ${e.seq} does not replay: ${refusalText(out.error, ENGLISH)}`)
    state = out.value.state
    states.push(state)
  }
  world.oracleMarks.set(tableId, { index: log.length, state })
  return states
}

/** Cards hidden from `seat` in every one of `states`: none of them was ever shown to that seat meanwhile. */
function hiddenThroughout(
  world: World,
  engine: AnyEngine,
  states: readonly unknown[],
  seat: number | null,
): [Card, RegExp][] {
  const [first, ...rest] = states.map((st) => new Set(engine.hiddenFrom(st, seat)))
  const hidden = [...(first ?? [])].filter((c) => rest.every((h) => h.has(c)))
  const emojis = world.discord.applicationEmojis.emojis
  return hidden.map((c) => [
    c,
    cardPattern(
      c,
      // The English art (`card_QS`) and each language's own (`card_QS_de`).
      emojis.filter((e) => e.name === `card_${c}` || e.name?.startsWith(`card_${c}_`)).map((e) => e.id),
    ),
  ])
}

/**
 * The privacy oracle, run after every move: for every member, no line of text they can see
 * (public messages and their own ephemerals) that appeared since the last check names a card the
 * engine kept hidden from them all along since then; the same for the bot's log and a spectator.
 * "All along": the oracle replays the action log through the engine and intersects the hidden
 * sets of every state the table went through, because one change can show a card and then hide it
 * again (the last trick of a deal is played, then the next deal deals that card to someone).
 * Pictures are checked by the cards they were drawn from, scenario files (`/table log`) by
 * `expectScenarioHidesUnseen`. Rules and settings pages are skipped (their examples name cards).
 */
export async function expectNothingHidden(world: World, tableId: string): Promise<void> {
  const table = await world.tableById(tableId)
  const engine = engineFor(table.game)!
  const states = await statesSinceLastCheck(world, tableId, engine)
  if (states.length === 0) return
  for (const [name, member] of Object.entries(world.members)) {
    const seat = table.seats.find((s) => s.userId === member.id)?.position ?? null
    const hidden = hiddenThroughout(world, engine, states, seat)
    const checked = world.checkedLines(name)
    for (const m of member.visible(world.channel)) {
      if (isExamplePage(m)) continue
      for (const line of linesOf(m)) {
        const plain = withoutCardEmojis(line)
        if (checked.has(plain)) continue
        const leak = hidden.find(([, p]) => p.test(line))
        expect(leak, `${name} can see ${leak?.[0]}, hidden from them, in message ${m.id}: ${line}`).toBeUndefined()
        checked.add(plain)
      }
      // Pictures: the cards each was drawn from, checked once per uploaded file.
      for (const a of m.attachments) {
        if (checked.has(a.url)) continue
        if (a.filename.endsWith('.json')) {
          await expectScenarioHidesUnseen(world, table, name, a.url)
          checked.add(a.url)
          continue
        }
        const shown = new Set(pictureCards(world, a.url))
        const leak = hidden.find(([c]) => shown.has(c))
        expect(leak, `${name} can see ${leak?.[0]}, hidden from them, in picture ${a.filename}`).toBeUndefined()
        checked.add(a.url)
      }
    }
  }
  const hiddenFromAll = hiddenThroughout(world, engine, states, null)
  for (const line of world.logLines.slice(world.logChecked)) {
    const leak = hiddenFromAll.find(([, p]) => p.test(line))
    expect(leak, `the log names hidden card ${leak?.[0]}: ${line}`).toBeUndefined()
  }
  world.logChecked = world.logLines.length
}

/**
 * What a member reads privately after a control: the reply itself, or, when the control updated
 * the message it sits on (the table message), the private follow-up of the same interaction.
 */
export async function privateAnswer(world: World, answer: Answer): Promise<FakeMessage> {
  if (answer.kind !== 'update' && answer.kind !== 'deferredUpdate') return answer
  return world.channel.waitFor((m) => m.interactionId === answer.interactionId && m.ephemeralFor !== null, {
    timeout: 10_000,
  })
}

// ── playing through the UI ──────────────────────────────────────────────────

/** Leaves the table with the table message's Leave button, confirming when a game is in progress. */
export async function leaveTable(world: World, member: FakeMember): Promise<Answer> {
  return confirm(member, await member.click(world.publicMessage(await world.table()), 'Leave'))
}

/** Opens a member's private view with the table message's "Your hand" button. */
export async function openHand(world: World, member: FakeMember): Promise<Answer> {
  const table = await world.table()
  const view = await member.click(world.publicMessage(table), 'Your hand')
  expect(view.ephemeral).toBe(true)
  return view
}

/**
 * Plays one move for `userId` through Discord: opens their hand, picks the engine's own sensible
 * move (its automatic move) and uses the matching control. Returns the answer.
 */
export async function playTurn(world: World, userId: string): Promise<Answer> {
  const table = await world.table()
  const member = world.member(world.nameOf(userId))
  const seat = table.seats.find((s) => s.userId === userId)!.position!
  const action = chooseMove(table, seat)
  const view = await openHand(world, member)
  return useControl(member, view, table.game, action)
}

/** Plays the table through Discord until `stop` says so (default: until the table is not 'acting'). */
export async function playUntil(world: World, stop: (t: TableSnapshot) => boolean, maxMoves = 2000): Promise<number> {
  let moves = 0
  for (;;) {
    const table = await world.table().catch(() => null)
    if (!table || stop(table)) return moves
    const who = table.waitingFor[0]
    if (!who) throw new Error(`table waits for nobody (status ${table.status}, progress ${table.progress})`)
    await playTurn(world, who)
    await expectNothingHidden(world, table.id)
    if (++moves > maxMoves) throw new Error('the game did not end')
  }
}

type Move = { type: string; amount?: number; cards?: string[] }

/**
 * Plays the game at the table through Discord until it waits for nobody, each move `choose`n
 * from the legal ones of the seat to act.
 */
export async function playChoosing(world: World, choose: (legal: Move[]) => Move): Promise<void> {
  for (let t = await world.table(); t.progress === 'acting'; t = await world.table()) {
    const who = t.waitingFor[0]!
    const seat = t.seats.find((s) => s.userId === who)!.position!
    const member = world.member(world.nameOf(who))
    const legal = engineFor(t.game)!.legalActions(t.state, seat) as Move[]
    await useControl(member, await openHand(world, member), t.game, choose(legal))
    await expectNothingHidden(world, t.id)
  }
}

/** Badugi with every chip in: the largest bet or raise, else a call or check; standing pat at the draw. */
export function everyChipIn(legal: Move[]): Move {
  const wagers = legal.filter((a) => a.type === 'bet' || a.type === 'raise')
  if (wagers.length) return wagers.reduce((a, b) => ((b.amount ?? 0) > (a.amount ?? 0) ? b : a))
  return legal.find((a) => a.type === 'call') ?? legal.find((a) => a.type === 'check') ?? { type: 'draw', cards: [] }
}

/**
 * A Bura deal can end before anyone acts (a Bura dealt at the start); then a seated player (`by`,
 * or the first one) presses "Next game" until a game waits for someone. Returns the table then.
 */
export async function untilSomeoneActs(world: World, by?: string): Promise<TableSnapshot> {
  for (let t = await world.table(); ; t = await world.table()) {
    if (t.progress === 'acting') return t
    const dealer = by ?? world.nameOf(t.seats.find((s) => s.status === 'seated')!.userId)
    await world.member(dealer).click(world.publicMessage(t), 'Next game')
  }
}

/** Moves the fake's clock and waits until the bot has done everything that fell due. */
export async function advance(world: World, ms: number): Promise<void> {
  await world.discord.clock.advance(ms)
  await world.bot.idle()
}
