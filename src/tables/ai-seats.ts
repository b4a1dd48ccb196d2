import { AI_LEVELS, type AiLevel } from '../ai/budget.js'

/**
 * AI seats: who they are and what makes a table a practice table. An AI seat's user id is
 * `ai-<name>-<level>` (`ai-anna-normal`): Discord user ids are numbers only, so it can never
 * be a member's id, and it carries everything the seat needs (its name and its level) without a
 * column of its own. Pure: no I/O.
 */

/** The names AI seats take, in order; a table gives each AI seat the first one not seated there. */
export const AI_NAMES = ['Anna', 'Boris', 'Clara', 'Dmitri', 'Elena', 'Felix', 'Greta', 'Hugo'] as const

export type AiName = (typeof AI_NAMES)[number]

export interface AiSeatId {
  readonly name: AiName
  readonly level: AiLevel
}

const ID = /^ai-([a-z]+)-([a-z]+)$/

export function aiSeatId(seat: AiSeatId): string {
  return `ai-${seat.name.toLowerCase()}-${seat.level}`
}

/** The AI seat a user id stands for, or null for a member of the server. */
export function parseAiSeat(userId: string): AiSeatId | null {
  const m = ID.exec(userId)
  if (!m) return null
  const name = AI_NAMES.find((n) => n.toLowerCase() === m[1])
  const level = AI_LEVELS.find((l) => l === m[2])
  return name && level ? { name, level } : null
}

export function isAiSeat(userId: string): boolean {
  return parseAiSeat(userId) !== null
}

/** How the table shows an AI seat: "🤖 Anna". */
export function aiDisplayName(seat: AiSeatId): string {
  return `🤖 ${seat.name}`
}

/**
 * A table that has ever seated an AI plays with practice chips: no wallet pays in or out, and
 * nothing reaches stats or leaderboards. An AI removed in the lobby keeps its (left) seat record,
 * so the table stays a practice table.
 */
export function isPracticeTable(seats: readonly { readonly userId: string }[]): boolean {
  return seats.some((s) => isAiSeat(s.userId))
}

/** The next free AI name at a table (none seated under it now), or null when all are taken. */
export function freeAiName(seated: readonly { readonly userId: string }[]): AiName | null {
  const taken = new Set(seated.map((s) => parseAiSeat(s.userId)?.name))
  return AI_NAMES.find((n) => !taken.has(n)) ?? null
}

/** The seated AI a `/table remove-ai` names (case-insensitive, with or without the robot), or the last one seated. */
export function aiToRemove<S extends { readonly userId: string }>(seated: readonly S[], name?: string): S | null {
  const ais = seated.filter((s) => isAiSeat(s.userId))
  if (name === undefined || name.trim() === '') return ais[ais.length - 1] ?? null
  const wanted = name.replace('🤖', '').trim().toLowerCase()
  return ais.find((s) => parseAiSeat(s.userId)!.name.toLowerCase() === wanted) ?? null
}
