import type { Card } from '../../src/core/cards.js'
import type { AnyEngine } from '../../src/core/engine.js'
import { engineFor } from '../../src/games/registry.js'
import { serverLangOf } from '../../src/discord/lang.js'
import { previousResult } from '../../src/discord/outbox.js'
import { PREVIOUS_GAME_MARK, renderTableMessage } from '../../src/messages/table-message.js'
import { LOCALES, langOf } from '../../src/i18n/index.js'
import { isAiSeat } from '../../src/tables/ai-seats.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import { readTextChunks, CARDS_KEYWORD } from '../../src/render/images/png-text.js'
import { cardPattern, isExamplePage, linesOf, withoutCardEmojis } from '../support/privacy-text.js'
import { testDatabase } from '../support/test-database.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import type { StepOutcome } from './steps.js'
import type { SimWorld } from './world.js'

/**
 * How long a passed deadline may stay unplayed: the bot's timer fires on time on the manual clock,
 * and a sweep of overdue deadlines (issue 33, hole 2) runs at least this often.
 */
export const SWEEP_GRACE_MS = 60_000
/** A lobby that never started is closed after this long (issue 33, hole 4), plus the sweep's grace. */
export const LOBBY_MAX_MS = 24 * 3600_000

/** A broken promise: which invariant, and what was seen. */
export class InvariantViolation extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`${invariant}: ${detail}`)
  }
}

function fail(invariant: string, detail: string): never {
  throw new InvariantViolation(invariant, detail)
}

/** The name of a table message's field of latest log lines, in every language. */
const LATEST = new Set(LOCALES.map((l) => langOf(l).t('table:message.latest')))

/** The lines of a table message's latest-lines field (always its last), which may tell of the game before. */
function latestLines(m: FakeMessage): Set<string> {
  const field = m.embeds[0]?.fields?.at(-1)
  return new Set(field && LATEST.has(field.name) ? field.value.split('\n') : [])
}

/**
 * A message as the privacy check reads it: its lines, each also without its card emojis (the form
 * the members' checked lines hold), and a key made of those and its pictures, the same for two
 * messages that read alike. Example pages (rules, settings) are not judged.
 */
interface MessageRead {
  readonly lines: readonly { readonly line: string; readonly plain: string }[]
  readonly key: string
  readonly example: boolean
}

function readMessage(m: FakeMessage): MessageRead {
  const lines = linesOf(m).map((line) => ({ line, plain: withoutCardEmojis(line) }))
  // Pictures the check never reads (the `/table log` JSON files) are left out: never marked checked.
  const pictures = m.attachments.filter((a) => !a.filename.endsWith('.json')).map((a) => a.url)
  return { lines, key: [...lines.map((l) => l.plain), ...pictures].join('\u0000'), example: isExamplePage(m) }
}

/** What the checker remembers between steps. */
export class Checker {
  /**
   * Per table: how much of its action log was replayed, the state there, the state the last game
   * before it ended in (null before one ended), and the version at the last look.
   */
  private readonly oracleMarks = new Map<string, { index: number; state: unknown; lastEnd: unknown; version: number }>()
  /**
   * Every message a table posted that the check has seen: its table messages (also the ones a
   * fresh post replaced, left as they were when an hour old) and its results and final standings.
   */
  private readonly messageOwners = new Map<string, string>()
  /** The messages of `messageOwners` that report a game's end (results, final standings). */
  private readonly endMessages = new Set<string>()
  /** Per table: what its table message showed at the last look (its text and pictures). */
  private readonly messagesSeen = new Map<string, string>()
  private readonly checkedLines = new Map<string, Set<string>>()
  /**
   * Per member: the messages, as they read, all of whose lines and pictures are in their checked
   * lines. Those only grow, so such a message is skipped at every later look, by any table.
   */
  private readonly checkedMessages = new Map<string, Set<string>>()
  private logChecked = 0
  private statsBefore = ''
  private versionsBefore = new Map<string, number>()
  private readonly patterns = new Map<string, RegExp>()
  /** Open tables whose channel was found gone, and when the check first found it so. */
  private readonly openWhereGone = new Map<string, number>()
  /** Tables with effects still to deliver at the last privacy check. */
  private owing = new Set<string>()
  /** The database's write count (`writes`) when the database-only checks last ran. */
  private lastChecked: string | null = null
  /** The same, when the last step's checks all ran (what beforeStep read is still current). */
  private checkedAt: string | null = null
  /** The uploaded emojis that draw each card (`card_QS`, `card_QS_de`), read at each privacy check. */
  private emojiIds = new Map<string, string[]>()

  /** Open tables as the progress check last read them. */
  private openTables:
    { id: string; status: string; deadlineAt: Date | null; createdAt: Date; channelId: string }[] | null = null

  constructor(private readonly world: SimWorld) {}

  /** Reads what the checks after the step compare with (still current when nothing was written since). */
  async beforeStep(): Promise<void> {
    if (this.checkedAt !== null && (await this.writes()) === this.checkedAt) return
    this.statsBefore = await this.statsText()
    this.versionsBefore = await this.versions()
  }

  async afterStep(out: StepOutcome): Promise<void> {
    const writes = await this.writes()
    this.checkedAt = null
    if (this.world.isDead) return
    // The checks that read only the database find what they found last time if nothing was written.
    const written = writes === null || writes !== this.lastChecked
    if (written) {
      await this.chipsConserved()
      await this.practiceTouchesNoWallet()
      await this.practiceTouchesNoStat()
    }
    await this.movesLoggedOnce(out)
    await this.tablesProgress(written)
    await this.nothingHidden()
    if (out.calm) await this.messagesConverged()
    this.checkedAt = this.lastChecked = writes
  }

  /**
   * Rows the bot's database connection has changed so far (SQLite's `total_changes()`, counting
   * rolled-back changes too), with the bot's generation (a restart opens a new connection): the same
   * figure twice means nothing was written in between. Null on PostgreSQL (no such count).
   */
  private async writes(): Promise<string | null> {
    if (testDatabase !== 'sqlite' || this.world.isDead) return null
    const [row] = await this.world.bot.store.prisma.$queryRaw<{ n: unknown }[]>`SELECT total_changes() AS "n"`
    return `${this.world.generation} ${String(row?.n)}`
  }

  // ── chips ────────────────────────────────────────────────────────────────

  private async chipsConserved(): Promise<void> {
    const report = await this.world.bot.store.audit()
    if (!report.ok) fail('chips conserved', JSON.stringify(report.problems))
  }

  /** Tables that ever seated an AI (practice tables), by id. */
  private async practiceTables(): Promise<Set<string>> {
    const seats = await this.world.bot.store.prisma.tableSeat.findMany({ select: { tableId: true, userId: true } })
    return new Set(seats.filter((s) => isAiSeat(s.userId)).map((s) => s.tableId))
  }

  /**
   * Once a table is a practice table, no ledger row of it touches a wallet, except the buy-ins
   * returned when it became one.
   */
  private async practiceTouchesNoWallet(): Promise<void> {
    const practice = await this.practiceTables()
    if (practice.size === 0) return
    const rows = await this.world.bot.store.prisma.ledgerEntry.findMany({
      where: { tableId: { in: [...practice] } },
      orderBy: { id: 'asc' },
    })
    const became = new Map<string, number>()
    for (const r of rows) {
      if (r.fromKind === 'practice' || r.toKind === 'practice') {
        if (!became.has(r.tableId!)) became.set(r.tableId!, r.id)
      }
    }
    for (const r of rows) {
      const since = became.get(r.tableId!)
      if (since === undefined || r.id < since) continue
      if ((r.fromKind === 'wallet' || r.toKind === 'wallet') && r.reason !== 'practice table: buy-in returned')
        fail(
          'practice tables never change a wallet',
          `table ${r.tableId}: ${r.amount} chips ${r.fromKind} → ${r.toKind} (${r.reason})`,
        )
    }
  }

  private async statsText(): Promise<string> {
    const rows = await this.world.bot.store.prisma.stat.findMany({ orderBy: [{ guildId: 'asc' }, { userId: 'asc' }] })
    // Chip sums are BIGINT columns (read as bigint): compared as text.
    return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
  }

  private async versions(): Promise<Map<string, number>> {
    const rows = await this.world.bot.store.prisma.gameTable.findMany({ select: { id: true, version: true } })
    return new Map(rows.map((r) => [r.id, r.version]))
  }

  /** Stats change only when a real (non-practice) table changed in the step. */
  private async practiceTouchesNoStat(): Promise<void> {
    const after = await this.statsText()
    const versions = await this.versions()
    const before = this.statsBefore
    this.statsBefore = after
    const changed = [...versions].filter(([id, v]) => this.versionsBefore.get(id) !== v).map(([id]) => id)
    this.versionsBefore = versions
    if (after === before) return
    const practice = await this.practiceTables()
    if (changed.some((id) => !practice.has(id))) return
    fail(
      'practice tables never change a stat',
      `stats changed while only practice tables moved (${changed.join(', ')})`,
    )
  }

  // ── moves ────────────────────────────────────────────────────────────────

  /**
   * A move the bot acknowledged is in the action log exactly once; a refused one is not in it. (A
   * move whose answer failed may be in it once or not at all: the bot could not tell the member.)
   */
  private async movesLoggedOnce(out: StepOutcome): Promise<void> {
    for (const m of out.moves) {
      const entries = await this.world.bot.store.prisma.actionLog.count({ where: { interactionId: m.interactionId } })
      if (m.acknowledged && entries !== 1)
        fail(
          'acknowledged moves are logged exactly once',
          `move ${m.interactionId} at ${m.tableId}: ${entries} entries`,
        )
      if (m.refused && entries !== 0)
        fail(
          'refused moves are not applied',
          `move ${m.interactionId} at ${m.tableId}: ${entries} entries; answered ${m.answer}`,
        )
    }
  }

  // ── progress ─────────────────────────────────────────────────────────────

  /**
   * Every passed deadline was played within the sweep's grace; no lobby outlives its limit; no
   * table stays open in a channel that is gone for longer than that grace. The grace runs from the
   * latest of the moment, the last failed commit and the bot's start: while the database refuses
   * every commit (an outage that lasts a whole step, found by seed 49), or while the bot is down
   * and failing to start (Discord failing its start-up requests for minutes, seed 1094), no table
   * can move, and that is no bug; once it is up, it must catch up within the grace.
   */
  private async tablesProgress(written: boolean): Promise<void> {
    const now = this.world.discord.clock.now()
    const overdue = (since: number) =>
      Math.max(since, this.world.lastCommitFailureAt, this.world.upSince) + SWEEP_GRACE_MS < now
    // The open tables as last read, while nothing was written since (the clock and the channels
    // they are compared with are looked at every time).
    if (written || this.openTables === null)
      this.openTables = await this.world.bot.store.prisma.gameTable.findMany({
        where: { status: { in: ['lobby', 'playing'] } },
        select: { id: true, status: true, deadlineAt: true, createdAt: true, channelId: true },
      })
    const open = this.openTables
    for (const t of open) {
      if (t.deadlineAt && overdue(t.deadlineAt.getTime()))
        fail(
          'every passed deadline is played',
          `table ${t.id}: deadline ${new Date(t.deadlineAt).toISOString()} passed ${now - t.deadlineAt.getTime()} ms ago`,
        )
      if (t.status === 'lobby' && overdue(t.createdAt.getTime() + LOBBY_MAX_MS))
        fail('every lobby expires', `table ${t.id} is a lobby since ${t.createdAt.toISOString()}`)
      if (this.world.discord.channel(t.channelId) !== null) continue
      // A closing whose commit failed is tried again a moment later on the bot's clock.
      const since = this.openWhereGone.get(t.id) ?? now
      this.openWhereGone.set(t.id, since)
      if (overdue(since))
        fail(
          'no table stays open in a channel or server that is gone',
          `table ${t.id} in channel ${t.channelId}, gone for ${now - since} ms`,
        )
    }
  }

  // ── privacy ──────────────────────────────────────────────────────────────

  /**
   * The engine states a table went through since the last look (folded from its action log), and
   * the states in which the games that may have ended meanwhile ended: the last one before the
   * last look, and every one since (a state followed by a new deal or a fresh setup).
   */
  private async statesSince(
    tableId: string,
    engine: AnyEngine,
    version: number,
  ): Promise<{ states: unknown[]; ends: unknown[] }> {
    const log = await this.world.bot.store.actions.list(tableId)
    const mark = this.oracleMarks.get(tableId) ?? { index: 0, state: null as unknown, lastEnd: null, version: 0 }
    let state = mark.state
    const states = mark.index > 0 ? [state] : []
    const ends = mark.lastEnd !== null ? [mark.lastEnd] : []
    for (const e of log.slice(mark.index)) {
      if ((e.kind === 'setup' || e.kind === 'nextDeal') && state !== null) ends.push(state)
      const out =
        e.kind === 'setup'
          ? engine.setup(e.payload as never)
          : e.kind === 'nextDeal'
            ? engine.nextDeal(state)
            : engine.apply(state, e.seat!, e.payload)
      if (!out.ok) fail('the action log replays', `table ${tableId} entry ${e.seq}: ${out.error.code}`)
      state = out.value.state
      states.push(state)
    }
    this.oracleMarks.set(tableId, { index: log.length, state, lastEnd: ends.at(-1) ?? null, version })
    return { states, ends }
  }

  private hiddenThroughout(engine: AnyEngine, states: readonly unknown[], seat: number | null): [Card, RegExp][] {
    const [first, ...rest] = states.map((st) => new Set(engine.hiddenFrom(st, seat)))
    const hidden = [...(first ?? [])].filter((c) => rest.every((h) => h.has(c)))
    return hidden.map((c) => [c, this.patternOf(c)])
  }

  /** A card's pattern (cardPattern) with the ids of the emojis that draw it, made once per set of ids. */
  private patternOf(c: Card): RegExp {
    const ids = this.emojiIds.get(c) ?? []
    const key = `${c} ${ids.join(' ')}`
    let pattern = this.patterns.get(key)
    if (!pattern) this.patterns.set(key, (pattern = cardPattern(c, ids)))
    return pattern
  }

  /**
   * No line a member can see (public messages, their own private answers, pictures) that appeared
   * since the last check names a card the engine kept hidden from them all along; nor does the
   * bot's log name one hidden from everybody. As the e2e oracle (test/e2e/harness.ts), for every
   * table that moved, in its channel. A table's own message is judged by that table alone, and its
   * line on the game before the one in progress by the state that game ended in.
   */
  private async nothingHidden(): Promise<void> {
    // Oldest first: a table's own messages are read with its own hidden cards before a newer
    // table's in the same channel looks at them.
    const tables = await this.world.bot.store.prisma.gameTable.findMany({
      where: { logSize: { gt: 0 } },
      select: { id: true, logSize: true, status: true, version: true, messageId: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    })
    const owing = new Set(await this.world.bot.store.effects.pendingTables())
    const logHidden: [Card, RegExp][] = []
    this.emojiIds = new Map()
    for (const e of this.world.discord.applicationEmojis.emojis) {
      const card = /^card_([^_]+)(?:_|$)/.exec(e.name ?? '')?.[1]
      if (card) this.emojiIds.set(card, [...(this.emojiIds.get(card) ?? []), e.id])
    }
    // Every message of a channel and how it reads, once per check for all its members.
    const shown = new Map<string, { m: FakeMessage; read: MessageRead | null }[]>()
    // A table's message shows that table only: an older table's final result, first read when a
    // newer table in the channel is looked at, holds cards the new deal hides (seed 147). So do
    // its results, and a table message a fresh post replaced, left showing the trick of its last
    // edit: read with another table's hidden cards, a card name they share looks leaked (seeds
    // 970 and 994). Delivered effects name the messages they posted until pruned after a day,
    // so owners are remembered from every look.
    const ownerOf = this.messageOwners
    for (const t of tables) if (t.messageId) ownerOf.set(t.messageId, t.id)
    const posted = await this.world.bot.store.prisma.tableEffect.findMany({
      where: { messageId: { not: null } },
      select: { tableId: true, messageId: true, kind: true },
    })
    for (const e of posted) {
      ownerOf.set(e.messageId!, e.tableId)
      if (e.kind === 'result' || e.kind === 'final') this.endMessages.add(e.messageId!)
    }
    for (const row of tables) {
      // An open table is looked at after every step, moved or not: a view opened in a step that
      // played nothing is checked with the seats of that moment, not a later step's (seed 5: a
      // member's own hand, read after they had left, counted as another seat's hidden cards).
      // A table that owes Discord something (or did at the last look) is looked at too: its last
      // messages (a result, the final standings) may be shown steps after its last move, after a
      // fault or a crash (seed 7: a final result shown late, first read with a newer table's cards).
      // A table that changed without a move (closed when its break ran out), or whose message
      // changed, is looked at too: its message is judged by no other table.
      const mark = this.oracleMarks.get(row.id)
      const moved = (mark?.index ?? 0) < row.logSize || mark?.version !== row.version
      const showing = owing.has(row.id) || this.owing.has(row.id)
      const own = row.messageId ? this.world.discord.message(row.messageId) : undefined
      const ownShows = own ? JSON.stringify([own.content, own.embeds, own.components, own.attachments]) : ''
      const redrawn = ownShows !== (this.messagesSeen.get(row.id) ?? '')
      if (!moved && !showing && !redrawn && row.status !== 'playing') continue
      this.messagesSeen.set(row.id, ownShows)
      const table = (await this.world.bot.tables.get(row.id))!
      const engine = engineFor(table.game)!
      const { states, ends } = await this.statesSince(table.id, engine, row.version)
      if (states.length === 0) continue
      // The line on the previous game reports one that ended before the message was drawn, after
      // the last look: judged by what the end of each such game hid from everybody (it is public).
      // Before any game ended there is no such game: then by the states since the last look.
      const previousHidden = ends.length ? this.hiddenThroughout(engine, ends, null) : null
      logHidden.push(...this.hiddenThroughout(engine, states, null))
      const guild = this.world.guilds.find((g) => g.guild.id === table.guildId)
      if (!guild) continue
      const channel = this.world.discord.channel(table.channelId)
      if (!channel) continue
      let messages = shown.get(channel.id)
      if (!messages) shown.set(channel.id, (messages = channel.messages().map((m) => ({ m, read: null }))))
      for (const member of guild.members) {
        const seat = table.seats.find((s) => s.userId === member.id)?.position ?? null
        // Lines are marked read even when nothing is hidden: a later table's hidden cards are no
        // secret of this table's old messages.
        let hiddenFromMember: [Card, RegExp][] | undefined
        const hiddenNow = () => (hiddenFromMember ??= this.hiddenThroughout(engine, states, seat))
        const checked = this.linesChecked(member.id)
        const done = this.messagesChecked(member.id)
        for (const seen of messages) {
          const m = seen.m
          if (m.ephemeralFor !== null && m.ephemeralFor !== member.id) continue
          const read = (seen.read ??= readMessage(m))
          // Every line and picture of it is among the member's checked ones already: nothing to judge.
          if (read.example || done.has(read.key)) continue
          const owner = ownerOf.get(m.id)
          if (owner !== undefined && owner !== table.id) continue
          const latest = owner === table.id ? latestLines(m) : new Set<string>()
          for (const { line, plain } of read.lines) {
            if (checked.has(plain)) continue
            const hidden = hiddenNow()
            // A latest line may tell of the game before this one (its showdown), public at its end:
            // a card is its secret only if hidden both now and at that end (seed 236). So may every
            // line of a result, delivered late.
            const judge = line.startsWith(`${PREVIOUS_GAME_MARK} `)
              ? (previousHidden ?? hidden)
              : owner === table.id && previousHidden && (latest.has(line) || this.endMessages.has(m.id))
                ? hidden.filter(([c]) => previousHidden.some(([d]) => d === c))
                : hidden
            const leak = judge.find(([, p]) => p.test(line))
            if (leak)
              fail(
                'no hidden card is shown',
                `${member.name} (seat ${seat}) sees ${leak[0]} in message ${m.id} ` +
                  `("${m.embeds[0]?.title ?? m.content.slice(0, 80)}", created ${m.createdAt}, edited ${m.editedAt}, ` +
                  `${m.flags & 64 ? 'private' : 'public'}) at table ${table.id} v${table.version} ` +
                  `(${states.length} states checked, now ${this.world.discord.clock.now()}): ${line}`,
              )
            checked.add(plain)
          }
          for (const a of m.attachments) {
            if (checked.has(a.url) || a.filename.endsWith('.json')) continue
            const png = this.world.discord.attachmentData(a.url)
            const text = png ? readTextChunks(png)[CARDS_KEYWORD] : undefined
            const shown = new Set(text ? text.split(' ') : [])
            const leak = hiddenNow().find(([c]) => shown.has(c))
            if (leak)
              fail(
                'no hidden card is shown',
                `${member.name} (seat ${seat}) sees ${leak[0]} in picture ${a.filename} of message ${m.id} ` +
                  `("${m.embeds[0]?.title ?? m.content.slice(0, 80)}", created ${m.createdAt}, edited ${m.editedAt}) ` +
                  `at table ${table.id} v${table.version} (${states.length} states checked, now ${this.world.discord.clock.now()})`,
              )
            checked.add(a.url)
          }
          done.add(read.key)
        }
      }
    }
    this.owing = owing
    for (const line of this.world.logLines.slice(this.logChecked)) {
      const leak = logHidden.find(([, p]) => p.test(line))
      if (leak) fail('no hidden card is logged', `${leak[0]}: ${line}`)
    }
    this.logChecked = this.world.logLines.length
  }

  private linesChecked(userId: string): Set<string> {
    let set = this.checkedLines.get(userId)
    if (!set) this.checkedLines.set(userId, (set = new Set()))
    return set
  }

  /** The messages (as `MessageRead.key`) whose every line and picture a member's checked lines hold. */
  private messagesChecked(userId: string): Set<string> {
    let set = this.checkedMessages.get(userId)
    if (!set) this.checkedMessages.set(userId, (set = new Set()))
    return set
  }

  // ── convergence ──────────────────────────────────────────────────────────

  /**
   * After the faults stopped and time passed: every open table's message shows its committed state,
   * drawn as at the message's last edit. Its lines about a moment (the agreed end, the automatic
   * move) are Discord's relative timestamps, which stay true as time passes; drawn after that
   * moment they read differently ("the agreed end has passed") though nothing changed (seed 137).
   */
  private async messagesConverged(): Promise<void> {
    for (const summary of await this.world.bot.tables.activeTables()) {
      const table = (await this.world.bot.tables.get(summary.id))!
      if (this.world.guilds.find((g) => g.guild.id === table.guildId)?.botRemoved) continue
      if (this.world.discord.channel(table.channelId) === null) continue
      const message = table.messageId ? this.world.discord.message(table.messageId) : undefined
      if (!message) fail('table messages converge', `table ${table.id} has no message in its channel`)
      const settings = await this.world.bot.tables.settings(table.guildId)
      const lang = serverLangOf(this.world.bot.client, table.guildId, settings)
      const drawnAt = message.editedAt ?? message.createdAt
      const want = renderTableMessage(
        lang,
        table,
        drawnAt,
        [],
        await previousResult(lang, table, (t) => this.world.bot.tables.outbox.latestResult(t.id)),
      )
      const shown = { title: message.embeds[0]?.title, description: withoutEmojis(message.embeds[0]?.description) }
      const wanted = { title: want.embeds?.[0]?.title, description: want.embeds?.[0]?.description }
      const sameText = shown.title === wanted.title && shown.description === wanted.description
      if (!sameText || JSON.stringify(message.components) !== JSON.stringify(want.components ?? []))
        fail(
          'table messages converge',
          `table ${table.id} (version ${table.version}) shows what its committed state does not: ` +
            (sameText
              ? `controls ${JSON.stringify(message.components)}, committed ${JSON.stringify(want.components ?? [])}`
              : whereTheyDiffer(JSON.stringify(shown), JSON.stringify(wanted))),
        )
    }
  }
}

const withoutEmojis = (text: string | undefined) => text?.replace(/<:card_\w+:\d+> /g, '')

/** Two texts from their first difference on (with a little before it), to read what a message shows wrong. */
function whereTheyDiffer(shown: string, wanted: string): string {
  let i = 0
  while (i < shown.length && shown[i] === wanted[i]) i++
  const from = Math.max(0, i - 80)
  return `from character ${i}: shows …${shown.slice(from, i + 400)}, committed …${wanted.slice(from, i + 400)}`
}

export type { TableSnapshot }
