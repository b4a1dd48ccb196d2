import { aiDisplayName, parseAiSeat } from '../tables/ai-seats.js'

/** Discord's markup for what a message names: members and moments. */

/** A member as a mention; an AI seat by its name ("🤖 Anna"), which no mention could show. */
export function mention(userId: string): string {
  const ai = parseAiSeat(userId)
  return ai ? aiDisplayName(ai) : `<@${userId}>`
}

/** A Discord timestamp that every reader sees in their own time zone ("in 3 hours"). */
export function relativeTime(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  return `<t:${Math.floor(ms / 1000)}:R>`
}
