import type { Answer, FakeChannel, FakeMember, FakeMessage } from '../../src/sandbox/discord/index.js'
import type { TableService, TableSnapshot } from '../../src/tables/index.js'
import { buttonLabels, chooseMove, componentsOf, controlFor } from '../../test/support/controls.js'
import type { LoadStats } from './stats.js'

/** How long a member looks for their turn ping before using the table message instead. */
const PING_WAIT_MS = 3000
/** How long a member waits for a Next button to show before reading the table again. */
const NEXT_WAIT_MS = 3000
/** After a failure a member waits this long before trying again, as a user reading "This interaction failed". */
const RETRY_AFTER_ERROR_MS = 2000
/** How long a member waits for the table message to catch up (Discord's global budget is shared by every table). */
const TABLE_MESSAGE_WAIT_MS = 30_000
/**
 * Real ms without any change at a table, and with nothing of it still to be shown in the channel,
 * before its creator closes it and opens a new one (a player out of chips, say). A table whose
 * result ping is still on its way (Discord's global limit is shared by every table's pings) is
 * waited for, however long.
 */
const STUCK_MS = 30_000

/** The private view's button that shows it again as the hand stands. */
const REFRESH = '↻ Refresh'

/** Thrown by a member's wait once the run is over: the table stops there, not an error. */
class Stopped extends Error {}

export interface TableDriverDeps {
  readonly channel: FakeChannel
  readonly guildId: string
  /** The creator first. */
  readonly members: readonly [FakeMember, FakeMember]
  /** Reads the committed state (a second connection to the bot's database), to choose moves. */
  readonly reader: TableService
  /** A message's current state by id (the fake's index: cheaper than scanning the channel). */
  readonly message: (id: string) => FakeMessage | undefined
  readonly stats: LoadStats
  readonly game: string
  readonly options: Record<string, string | number | boolean>
  /**
   * How many times a member looks at their hand again on their turn before moving (a second look,
   * as people do: ↻ Refresh on their private view): each shows the hand as it stands.
   */
  readonly reopens: number
  /**
   * Mean ms a member takes over each move before acting on it (0: none, as fast as answered);
   * each turn's is drawn from half to one and a half times it, so the tables do not move in step.
   */
  readonly thinkMs: number
}

/**
 * Two members at one channel's table, acting as soon as they are answered (or after `thinkMs`), as
 * users do: open the table, press Join and Start, press Play on their turn ping (and Refresh,
 * `reopens` times), use the controls of their private view (which the bot updates in place), press
 * Next game after a game; a table that ends or stops moving is closed and opened again.
 */
export class TableDriver {
  private tableId: string | null = null
  /** The private view of the member who moved last, as their last move's answer left it. */
  private view: { userId: string; message: FakeMessage } | null = null
  private lastVersion = -1
  /** When the table's version last changed (real ms). */
  private changedAt = Date.now()
  /** The end of the run (real ms): waits stop there. */
  private until = Infinity

  constructor(private readonly deps: TableDriverDeps) {}

  /** Opens the table (retrying on failure): resolves true once a game is on. */
  async open(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.openOnce()
        return true
      } catch (error) {
        this.deps.stats.error(`opening a table in #${this.deps.channel.name}`, error)
      }
    }
    return false
  }

  /**
   * Resolves once everything the table's opening has to show is in its channel (no effect of the
   * table pending: the table message at the game, the first turn ping), after at most
   * `timeoutMs`. Opening hundreds of tables posts more than Discord's global limit lets through in
   * that time; play starts on channels caught up, as they are between busy moments.
   */
  async shown(timeoutMs: number): Promise<void> {
    if (!this.tableId) return
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline && (await this.deps.reader.outbox.pending(this.tableId)).length > 0)
      await new Promise((r) => setTimeout(r, 250))
  }

  /**
   * Plays from `from` until `until` (real ms). An interaction sent before then is awaited (its
   * answer is checked against the action log); a wait for a ping or a table message ends there.
   */
  async run(until: number, from = Date.now()): Promise<void> {
    this.until = until
    await new Promise((r) => setTimeout(r, Math.max(0, from - Date.now())))
    this.changedAt = Date.now()
    while (Date.now() < until) {
      try {
        await this.step()
      } catch (error) {
        if (error instanceof Stopped) return
        this.deps.stats.error(`table in #${this.deps.channel.name}`, error)
        this.view = null
        await new Promise((r) => setTimeout(r, Math.max(0, Math.min(RETRY_AFTER_ERROR_MS, until - Date.now()))))
      }
    }
  }

  private async openOnce(): Promise<void> {
    const { channel, members, reader, guildId } = this.deps
    const [creator, joiner] = members
    const open = await reader.inChannel(guildId, channel.id)
    if (open) await this.timed(creator.slash(channel, 'table end'))
    await this.timed(creator.slash(channel, `${this.deps.game} start`, this.deps.options))
    const table = await reader.inChannel(guildId, channel.id)
    if (!table) throw new Error('the table did not open')
    this.tableId = table.id
    const lobby = await this.tableMessage(table, 'Join')
    await this.timed(joiner.click(lobby, 'Join'))
    await this.timed(creator.click(lobby, 'Start'))
    this.view = null
    this.changedAt = Date.now()
    this.deps.stats.count('tablesOpened')
  }

  private async step(): Promise<void> {
    const t = this.tableId ? await this.deps.reader.get(this.tableId) : null
    if (!t || t.status === 'finished' || t.status === 'aborted' || t.status === 'lobby') {
      await this.openOnce()
      return
    }
    if (t.version !== this.lastVersion) this.changedAt = Date.now()
    this.lastVersion = t.version
    if (Date.now() - this.changedAt > STUCK_MS && !(await this.deps.reader.outbox.pending(t.id)).length) {
      // A player out of chips, say: start over.
      this.deps.stats.count('stuckTables')
      await this.openOnce()
      return
    }
    if (t.progress !== 'acting') {
      await this.nextGame(t)
      return
    }
    const who = t.waitingFor[0]
    if (!who) throw new Error(`table ${t.id} is playing but waits for nobody`)
    await this.move(t, who)
  }

  private async move(t: TableSnapshot, userId: string): Promise<void> {
    await this.think()
    const member = this.member(userId)
    const seat = t.seats.find((s) => s.userId === userId)?.position
    if (seat === undefined || seat === null) throw new Error(`${member.name} has no seat at table ${t.id}`)
    const action = chooseMove(t, seat)
    // The view the member's own last move left is current only if nobody moved since.
    let view = this.view?.userId === userId ? this.view.message : await this.openView(t, member)
    let control
    try {
      control = controlFor(view, t.game, action)
    } catch {
      view = await this.openView(t, member)
      // The table moved on meanwhile (a deadline, the table ended): look at it again.
      if ((await this.deps.reader.get(t.id))?.version !== t.version) return
      control = controlFor(view, t.game, action)
    }
    const sentAt = Date.now()
    let answer =
      control.kind === 'select'
        ? await this.timed(member.select(view, control.customId, control.values))
        : await this.timed(member.click(view, control.customId))
    if (control.kind === 'ask') {
      const yes = answer.components
        .flatMap((row) => (row.components ?? []) as { type: number; label?: string; custom_id?: string }[])
        .find((c) => c.type === 2 && c.label !== 'Cancel')
      if (!yes?.custom_id) throw new Error(`a question without a confirming button at table ${t.id}`)
      answer = await this.timed(member.click(answer, yes.custom_id))
    }
    // Made: the private view redrawn in place; refused: a separate private note.
    if (answer.id === view.id && !answer.content.startsWith('🙅')) {
      this.deps.stats.move(t.id, answer.interactionId, sentAt)
      this.view = { userId, message: answer }
    } else {
      this.deps.stats.count('refusedMoves')
      this.view = null
    }
  }

  /** The member's private view: Play on their turn ping, or "Your hand" on the table message. */
  private async openView(t: TableSnapshot, member: FakeMember): Promise<FakeMessage> {
    const mention = `<@${member.id}>`
    const left = this.until - Date.now()
    if (left <= 0) throw new Stopped()
    const ping = await this.deps.channel
      .waitFor(
        (m) =>
          m.ephemeralFor === null &&
          m.content.includes(mention) &&
          // This table's ping: an earlier table's in this channel may still be there.
          componentsOf(m).some((c) => c.label === 'Play' && String(c.custom_id).includes(t.id)),
        { timeout: Math.min(PING_WAIT_MS, left) },
      )
      .catch(() => null)
    if (ping) return this.look(member, ping, 'Play')
    if (Date.now() >= this.until) throw new Stopped()
    this.deps.stats.count('viewsWithoutPing')
    return this.look(member, await this.tableMessage(t, 'Your hand'), 'Your hand')
  }

  /**
   * Opens the private view with `button`, then looks again `reopens` times with the view's own
   * ↻ Refresh (the ping may be gone by then; the view stays); the last view is the one used.
   */
  private async look(member: FakeMember, on: FakeMessage, button: string): Promise<FakeMessage> {
    let view = await this.timed(member.click(on, button))
    for (let i = 0; i < this.deps.reopens; i++) {
      view = await this.timed(member.click(view, REFRESH))
      this.deps.stats.count('reopenedViews')
    }
    return view
  }

  /** Next game: the "Next …" button on the result ping (or on the table message). */
  private async nextGame(t: TableSnapshot): Promise<void> {
    // Until the result ping or the table message offers it (or a while, then the table is read again).
    const left = this.until - Date.now()
    if (left <= 0) throw new Stopped()
    const where = await this.deps.channel
      .waitFor((m) => m.ephemeralFor === null && nextButton(m, t.id) !== undefined, {
        timeout: Math.min(NEXT_WAIT_MS, left),
      })
      .catch(() => null)
    const button = where && nextButton(where, t.id)
    if (!where || !button) return
    await this.timed(this.deps.members[0].click(where, button))
    this.view = null
  }

  /** The table's message once it offers `button`. */
  private async tableMessage(t: TableSnapshot, button: string): Promise<FakeMessage> {
    const { reader } = this.deps
    const deadline = Date.now() + TABLE_MESSAGE_WAIT_MS
    for (;;) {
      const fresh = await reader.get(t.id)
      const found = fresh?.messageId ? this.deps.message(fresh.messageId) : undefined
      // A table message that has not caught up yet (the lobby after Start) is waited for, as a user would.
      const message = found && buttonLabels(found).includes(button) ? found : undefined
      if (message) return message
      if (Date.now() >= this.until) throw new Stopped()
      if (Date.now() > deadline) throw new Error(`table ${t.id} shows no table message with ${button}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  /** A person's pause before their move (`thinkMs`); it ends with the run. */
  private async think(): Promise<void> {
    if (this.deps.thinkMs <= 0) return
    const ms = this.deps.thinkMs * (0.5 + Math.random())
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, this.until - Date.now()))))
    if (Date.now() >= this.until) throw new Stopped()
  }

  private member(userId: string): FakeMember {
    const m = this.deps.members.find((x) => x.id === userId)
    if (!m) throw new Error(`no member ${userId} at this table`)
    return m
  }

  /** Awaits an interaction's answer (sent just now) and records its acknowledgement time. */
  private async timed(answer: Promise<Answer>): Promise<Answer> {
    const sentAt = Date.now()
    const a = await answer.catch((error: unknown) => {
      this.deps.stats.interaction(sentAt, null)
      throw error
    })
    this.deps.stats.interaction(sentAt, a.ackMs)
    return a
  }
}

/** The "Next …" button of this table on a message (an earlier table's result may still be in the channel). */
function nextButton(m: FakeMessage, tableId: string): string | undefined {
  return componentsOf(m).find(
    (c) => c.type === 2 && /^Next /.test(String(c.label)) && String(c.custom_id).includes(tableId),
  )?.label as string | undefined
}
