import type { BalanceInfo } from '../messages/general.js'
import type { WalletView } from '../tables/index.js'
import type { BotContext } from './context.js'

/** A wallet as the service answers it: chips at tables only where it counted them. */
type Wallet = Pick<WalletView, 'userId' | 'balance' | 'nextDailyAt'> &
  Partial<Pick<WalletView, 'atTables' | 'returned'>>

/** A wallet as the balance message shows it: a daily claim due now reads as "ready". */
export function balanceInfo(ctx: BotContext, wallet: Wallet): BalanceInfo {
  const nextDailyAt = wallet.nextDailyAt > ctx.clock.now() ? wallet.nextDailyAt : null
  return {
    userId: wallet.userId,
    balance: wallet.balance,
    nextDailyAt,
    ...(wallet.atTables ? { atTables: wallet.atTables } : {}),
    ...(wallet.returned?.length ? { returned: wallet.returned } : {}),
  }
}
