import { z } from 'zod'
import type { Card } from '../../../core/cards.js'
import { cardSchema } from '../../../core/schemas.js'

/**
 * Actions in the scenario/wire form (docs/rules/scenarios.md). `amount` is "raise to":
 * the total this seat's bet in the current round comes to after the action. Fixed limit
 * needs no amount (when given it must be the fixed one).
 * `leave` is the table's "stand up": any seat, any time, also out of turn.
 */
export type BettingAction =
  | { readonly type: 'fold' }
  | { readonly type: 'check' }
  | { readonly type: 'call'; readonly amount?: number }
  | { readonly type: 'bet'; readonly amount?: number }
  | { readonly type: 'raise'; readonly amount?: number }
export type DrawAction = { readonly type: 'draw'; readonly cards: readonly Card[] }
export type LeaveAction = { readonly type: 'leave' }
export type BadugiAction = BettingAction | DrawAction | LeaveAction

const amount = z.number().int().positive().optional()

export const actionSchema: z.ZodType<BadugiAction, z.ZodTypeDef, unknown> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fold') }).strict(),
  z.object({ type: z.literal('check') }).strict(),
  z.object({ type: z.literal('call'), amount }).strict(),
  z.object({ type: z.literal('bet'), amount }).strict(),
  z.object({ type: z.literal('raise'), amount }).strict(),
  z.object({ type: z.literal('draw'), cards: z.array(cardSchema).max(4, 'you may discard at most 4 cards') }).strict(),
  z.object({ type: z.literal('leave') }).strict(),
]) as z.ZodType<BadugiAction, z.ZodTypeDef, unknown>
