import type { GameId } from '../games/core/engine.js'
import { GAME_IDS } from '../render/messages.js'

export const GAME_CHOICES = [
  { name: 'Bugami', value: 'bugami' },
  { name: 'Bura', value: 'bura' },
  { name: 'Badugi', value: 'badugi' },
] as const

export function isGameId(value: string | null): value is GameId {
  return value !== null && (GAME_IDS as readonly string[]).includes(value)
}
