/**
 * Why a table was closed at once rather than played to its end (docs/closing.md): a member with
 * Manage Server voided it, its lobby expired, its channel, thread or server is gone or the bot
 * lost access to it, or an operator closed it (`npm run tables -- close`).
 */
export const CLOSE_REASONS = [
  'voided',
  'lobby-expired',
  'channel-deleted',
  'thread-deleted',
  'server-left',
  'no-access',
  'operator',
] as const
export type CloseReason = (typeof CLOSE_REASONS)[number]

/** Ledger reasons of the chips such a closing paid back start with this (`/chips balance` finds them). */
export const CLOSED_PREFIX = 'closed: '

export const closedLedgerReason = (reason: CloseReason): string => `${CLOSED_PREFIX}${reason}`

/** The reason a ledger reason names, or null when it is not a closing's. */
export function closeReasonOf(ledgerReason: string): CloseReason | null {
  const r = ledgerReason.startsWith(CLOSED_PREFIX) ? ledgerReason.slice(CLOSED_PREFIX.length) : ''
  return (CLOSE_REASONS as readonly string[]).includes(r) ? (r as CloseReason) : null
}
