import type { AnyEngine } from '../core/engine.js'
import type { TableRecord } from '../store/tables.js'
import type { TableSnapshot } from './types.js'

/** The bot's view of a stored table (the record after a change, or as read). */
export function snapshot(rec: TableRecord, engine: AnyEngine | undefined): TableSnapshot {
  const progress =
    rec.state !== null && engine && (rec.status === 'playing' || rec.status === 'finished')
      ? engine.progress(rec.state)
      : null
  const waiting = rec.status === 'playing' && progress === 'acting' && engine ? engine.waitingFor(rec.state) : []
  const userAt = (p: number) => rec.seats.find((s) => s.position === p)?.userId
  return {
    id: rec.id,
    game: rec.game,
    guildId: rec.guildId,
    channelId: rec.channelId,
    messageId: rec.messageId,
    status: rec.status,
    creatorId: rec.creatorId,
    options: rec.options,
    buyIn: rec.buyIn,
    turnMs: rec.turnMs,
    breakMs: rec.breakMs,
    version: rec.version,
    deadlineAt: rec.deadlineAt,
    remindedFor: rec.remindedFor,
    pot: rec.pot,
    endsAt: rec.endsAt,
    seats: rec.seats.map((s) => ({ ...s })),
    state: rec.state,
    progress: rec.status === 'aborted' ? null : progress,
    waitingFor: waiting.map(userAt).filter((u): u is string => u !== undefined),
    gamesPlayed: rec.gamesPlayed,
    endAfterGame: rec.endAfterGame,
    createdAt: rec.createdAt,
  }
}
