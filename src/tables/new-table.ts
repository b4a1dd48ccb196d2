import type { Clock } from '../lib/clock.js'
import { ok, refuse, type AnyEngine, type Outcome } from '../core/engine.js'
import type { EngineLookup } from '../core/engine-lookup.js'
import { MAX_TURN_MS, MIN_TURN_MS, type GuildSettingsValue } from '../store/settings.js'
import { stakeOptions } from './games.js'
import { TABLE_BOUNDS, tableSettingsSchema } from './bounds.js'
import { MAX_AGREED_END_MS, MIN_AGREED_END_MS } from './match.js'
import { DEFAULT_BREAK_MS, validBreak } from './pace.js'
import type { CreateTableInput } from './types.js'

/** A new table's settings once checked: what `create` stores besides ids and places. */
export interface CheckedTable {
  readonly engine: AnyEngine
  readonly options: Record<string, unknown>
  readonly buyIn: number
  readonly turnMs: number
  readonly breakMs: number
  readonly endsAt: number | null
}

/** Everything of a new table that does not depend on the tables already open. */
export function checkNewTable(
  games: EngineLookup,
  input: CreateTableInput,
  settings: GuildSettingsValue,
  clock: Clock,
): Outcome<CheckedTable> {
  const engine = games.engine(input.game)
  if (!engine) return refuse('unknown-game', { name: input.game, games: games.ids().join(', ') })
  const turnMs = input.turnSeconds === undefined ? undefined : Math.round(input.turnSeconds * 1000)
  if (turnMs !== undefined && (!Number.isFinite(turnMs) || turnMs < MIN_TURN_MS || turnMs > MAX_TURN_MS))
    return refuse('bad-turn-deadline')
  const bounded = tableSettingsSchema.safeParse({ buyIn: input.buyIn, breakSeconds: input.breakSeconds })
  if (!bounded.success && bounded.error.issues.some((i) => i.path[0] === 'buyIn'))
    return refuse('bad-buy-in', { max: TABLE_BOUNDS.buyIn.max })
  if (input.endsInMs !== undefined) {
    if (!engine.usesChips || !engine.table.betweenGames) return refuse('no-agreed-end', { game: engine.title })
    if (!Number.isFinite(input.endsInMs) || input.endsInMs < MIN_AGREED_END_MS || input.endsInMs > MAX_AGREED_END_MS)
      return refuse('bad-agreed-end')
  }
  const breakMs = input.breakSeconds === undefined ? DEFAULT_BREAK_MS : Math.round(input.breakSeconds * 1000)
  if (input.breakSeconds !== undefined) {
    if (!engine.table.betweenGames) return refuse('no-break', { game: engine.title })
    if (!bounded.success || !validBreak(breakMs)) return refuse('bad-break')
  }
  const given = input.options ?? {}
  const parsed = engine.optionsSchema.safeParse({ ...stakeOptions(engine, settings.defaultStakes, given), ...given })
  if (!parsed.success) {
    const i = parsed.error.issues[0]!
    const option = { game: engine.id, option: i.path.join('.') || '?' }
    // A rule between options names its refusal; any other issue is a value Discord let through.
    const refusal: unknown = i.code === 'custom' ? i.params?.refusal : undefined
    if (typeof refusal === 'string') return refuse(refusal, { option })
    return refuse('bad-options', { option, issue: i.message })
  }
  // A table in a thread counts as opened in the thread's channel.
  const place = input.parentId ?? input.channelId
  if (settings.tableChannels.length > 0 && !settings.tableChannels.includes(place))
    return refuse('channel-not-allowed', { channels: settings.tableChannels.map((c) => `<#${c}>`).join(', ') })
  return ok({
    engine,
    options: parsed.data as Record<string, unknown>,
    buyIn: engine.usesChips ? (input.buyIn ?? settings.defaultBuyIn) : 0,
    turnMs: turnMs ?? settings.turnMs,
    breakMs,
    endsAt: input.endsInMs === undefined ? null : clock.now() + Math.round(input.endsInMs),
  })
}
