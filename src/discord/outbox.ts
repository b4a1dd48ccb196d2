import type { Client } from 'discord.js'
import type { Clock } from '../lib/clock.js'
import { doubling } from '../lib/backoff.js'
import { crashPoint } from '../lib/crash-points.js'
import type { Logger } from '../lib/log.js'
import { renderFinalStandings, renderGameResult, renderResultLine } from '../messages/results.js'
import { renderPing } from '../messages/pings.js'
import type { DeliveredEffect, EffectRecord, GuildSettingsValue } from '../store/index.js'
import type { FinalStandings, PingReason } from '../store/effects.js'
import type { CloseReason, TableService, TableSnapshot } from '../tables/index.js'
import { deleteInChannel, editsInPlace, postInChannel } from './public-message.js'
import { withCardEmojiText, type CardEmojis } from '../render/emojis.js'
import { serverLangOf } from './lang.js'
import { lostChannelReason } from './lost-tables.js'
import { transient } from './transient.js'
import type { Lang, Locale } from '../i18n/index.js'

/** A failed delivery's first wait; each further failure waits twice as long: 1 s, 2 s, 4 s … */
const FIRST_BACKOFF_MS = 1000
/** … at most this long between attempts. */
const MAX_BACKOFF_MS = 5 * 60 * 1000
/**
 * After this many failed attempts an effect Discord keeps refusing (a 4xx, which says the same the
 * next time) is given up (status `failed`). Discord failing for now is never given up.
 */
export const MAX_ATTEMPTS = 12

export interface OutboxDeps {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  /**
   * Draws the table message at the table's committed state; posts a fresh one with `nonce` if
   * needed. `latestResult`: the table's newest game result, as the delivery's read has it.
   */
  readonly publish: (
    table: TableSnapshot,
    nonce: string,
    settings: GuildSettingsValue,
    latestResult: LatestResult,
  ) => Promise<string | null>
  /** The earliest time the table's message may be edited again (the desk's pace). */
  readonly editableAt: (tableId: string) => number
  /** The uploaded card emojis of a language, or null (not uploaded yet, or the upload failed): then text. */
  readonly emojis: (locale: Locale) => CardEmojis | null
}

/**
 * What became of a table's pending effects: all delivered (or given up), or try again at `retryAt`.
 * `lost`: given up because the table's channel is gone or out of reach; the table must close.
 */
export type Delivery =
  { readonly settled: true; readonly lost?: CloseReason } | { readonly settled: false; readonly retryAt: number }

const SETTLED: Delivery = { settled: true }

/**
 * Delivers a table's pending effects (run in the table's queue). Every step can be repeated: an
 * edit shows the latest state again, a post with the effect's nonce returns the message already
 * posted, a deleted ping stays deleted; so a crash anywhere before an effect is marked done only
 * repeats that step. Only the latest state is drawn: all pending refreshes are one edit, and only
 * the newest ping is posted (an older one is for a turn that is over). Under load Discord's global
 * budget makes every request wait its turn, so the order is what a player waits for first.
 */
export async function deliverEffects(deps: OutboxDeps, tableId: string): Promise<Delivery> {
  const effects = deps.tables.outbox
  const read = await effects.read(tableId)
  const pending = read.pending
  if (!pending.length) return SETTLED
  const now = deps.clock.now()
  // All in order once any is due (a new change is due at once): a ping never goes out before
  // the table message it points to, and a retry a little early costs nothing.
  const firstDue = Math.min(...pending.map((e) => e.dueAt))
  if (firstDue > now) return { settled: false, retryAt: firstDue }
  const left = new Map(pending.map((e) => [e.id, e]))
  // What this delivery showed, marked in one statement at its end (a round trip each on
  // PostgreSQL), or before its failure is noted: a crash before that repeats those steps, which
  // shows nothing twice (above).
  const shown: DeliveredEffect[] = []
  const forgotten: number[] = []
  const settle = (done: readonly EffectRecord[], messageId: string | null = null) => {
    for (const e of done) {
      shown.push({ id: e.id, messageId })
      left.delete(e.id)
    }
  }
  const mark = async () => {
    const marks = shown.splice(0)
    await effects.delivered(marks, forgotten.splice(0))
  }
  try {
    const table = await read.table()
    if (!table) {
      settle(pending)
      await mark()
      return SETTLED
    }
    // Everything posted in the channel speaks the server's language.
    const settings = await deps.tables.settings(table.guildId)
    const lang = serverLangOf(deps.client, table.guildId, settings)
    // Results name cards ("showed K♦ 8♦ 3♣ 2♠"): with their emojis, as on the table message.
    const emojis = settings.emojis ? deps.emojis(lang.locale) : null
    const of = (kind: EffectRecord['kind']) => pending.filter((e) => e.kind === kind)
    const unpings = of('unping')
    const refreshes = of('refresh')
    let messageId = table.messageId
    // A table message edited a moment ago waits: the changes meanwhile are drawn in one edit later
    // (still pending, so a restart draws them too). The first post never waits: pings point to it.
    const editAt = deps.editableAt(tableId)
    const waitUntil = refreshes.length && messageId !== null && editAt > now ? editAt : null
    const draw = async () => {
      // The oldest pending refresh names the post: a crash after posting and before saving the
      // message id leads to the same nonce again, whatever changes came in meanwhile.
      messageId = await deps.publish(table, refreshes[0]!.nonce, settings, read.latestResult)
      crashPoint('table-shown')
      settle(refreshes)
    }
    // What players wait for goes first: results, then the ping (the player to act looks for it),
    // then the table message's edit, and the old pings' deletion last. Only a ping that would
    // point to a table message not posted yet (the first, or a fresh one replacing an old
    // message) waits for it.
    const drawNow = refreshes.length > 0 && waitUntil === null
    const drawFirst = drawNow && !editsInPlace(deps.clock.now(), messageId)
    if (drawFirst) await draw()
    for (const result of of('result')) {
      const payload = renderGameResult(lang, resultTable(table, result))
      const posted = payload
        ? await postInChannel(deps.client, table.channelId, withCardEmojiText(payload, emojis), result.nonce)
        : null
      crashPoint('result-posted')
      settle([result], posted)
    }
    for (const final of of('final')) {
      const event = final.payload.event as FinalStandings
      const posted = await postInChannel(
        deps.client,
        table.channelId,
        renderFinalStandings(lang, table, event),
        final.nonce,
      )
      deps.log.info({ tableId, winners: event.winners.length }, 'final standings')
      crashPoint('final-posted')
      settle([final], posted)
    }
    const pings = of('ping')
    const latest = pings.at(-1)
    if (latest) {
      settle(pings.slice(0, -1))
      const about = (latest.payload.about ?? 'turn') as PingReason
      const named = (latest.payload.users ?? []) as string[]
      // A result goes to everyone who played; a turn only to those the table still waits for
      // (a Bugami bid may have come in meanwhile). A ping a later change took back (an unping
      // after it) is over already.
      const users = unpings.some((u) => u.id > latest.id)
        ? []
        : about === 'result'
          ? named
          : table.status === 'playing'
            ? named.filter((u) => table.waitingFor.includes(u))
            : []
      const posted =
        users.length > 0
          ? await postInChannel(
              deps.client,
              table.channelId,
              withCardEmojiText(renderPing(lang, table, about, users, messageId, deps.clock.now()), emojis),
              latest.nonce,
            )
          : null
      if (posted) deps.log.info({ tableId, users: users.length, about }, 'ping')
      crashPoint('ping-posted')
      settle([latest], posted)
    }
    if (drawNow && !drawFirst) await draw()
    if (unpings.length) {
      // Only pings posted for effects older than the newest unping: never the one just posted.
      // Marked with the unpings once all are deleted: after a failure or a crash before that, the
      // next attempt deletes them again, and a message already gone counts as deleted.
      const deleted: number[] = []
      for (const old of read.posted.filter((ping) => ping.id < unpings.at(-1)!.id)) {
        await deleteInChannel(deps.client, table.channelId, old.messageId!)
        deleted.push(old.id)
      }
      crashPoint('pings-deleted')
      settle(unpings)
      forgotten.push(...deleted)
    }
    await mark()
    return waitUntil === null ? SETTLED : { settled: false, retryAt: waitUntil }
  } catch (error) {
    // What was shown before the failure is marked as shown; the rest is tried again.
    await mark()
    const failed = [...left.values()]
    const lost = lostChannelReason(error)
    if (lost) {
      // Never deliverable again: given up at once, and the table closes (lost-tables.ts).
      await effects.retry(
        failed.map((e) => e.id),
        deps.clock.now(),
        true,
      )
      deps.log.info({ tableId, reason: lost }, 'the table channel is gone or out of reach')
      return { settled: true, lost }
    }
    const attempts = Math.max(...failed.map((e) => e.attempts)) + 1
    // An outage (5xx, 429, no answer) is waited out however long it lasts, every 5 minutes at
    // most: given up, the table message would show an old state, or a new table none, until the
    // table's next change (seeds 83 and 155 of the simulator).
    const giveUp = attempts >= MAX_ATTEMPTS && !transient(error)
    const retryAt = deps.clock.now() + doubling(FIRST_BACKOFF_MS, attempts, MAX_BACKOFF_MS)
    await effects.retry(
      failed.map((e) => e.id),
      retryAt,
      giveUp,
    )
    deps.log.error(
      { err: error, tableId, attempts, effects: failed.map((e) => e.kind) },
      giveUp
        ? 'could not show the table in its channel; giving up'
        : 'could not show the table in its channel; will retry',
    )
    return giveUp ? SETTLED : { settled: false, retryAt }
  }
}

/** A table's newest game result (delivered or not), null before the first. */
export type LatestResult = (table: TableSnapshot) => Promise<EffectRecord | null>

/**
 * While a game runs, the result of the one before it in one line (null before the first ends);
 * the result is read (`latestResult`) only then.
 */
export async function previousResult(
  lang: Lang,
  table: TableSnapshot,
  latestResult: LatestResult,
): Promise<string | null> {
  if (table.status !== 'playing' || table.progress !== 'acting') return null
  const last = await latestResult(table)
  return last ? renderResultLine(lang, resultTable(table, last)) : null
}

/** The table as the game of a result effect ended: that state, and that game's seat positions. */
export function resultTable(table: TableSnapshot, effect: EffectRecord): TableSnapshot {
  const seats = (effect.payload.seats ?? []) as { userId: string; position: number | null }[]
  const positions = new Map(seats.map((s) => [s.userId, s.position]))
  return {
    ...table,
    state: effect.payload.state,
    seats: table.seats.map((s) => ({ ...s, position: positions.get(s.userId) ?? null })),
  }
}
