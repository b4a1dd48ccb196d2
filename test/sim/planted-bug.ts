import type { Repos, Store } from '../../src/store/index.js'

/**
 * A bug planted for the simulator to find (test/sim/planted.test.ts): every cash-out from a table
 * stack to a wallet pays one chip too few, as an off-by-one in the cash-out would. Only the
 * simulator's store wrapper (WorldOptions.wrapStore) carries it; the bot's code is as it is.
 */
export function cashOutDropsAChip(store: Store): Store {
  const short = (repos: Repos): Repos => {
    const wallets = repos.wallets
    const deposit: typeof wallets.deposit = (guildId, userId, amount, from, tableId, reason) =>
      wallets.deposit(guildId, userId, from.kind === 'stack' && amount > 1 ? amount - 1 : amount, from, tableId, reason)
    return { ...repos, wallets: Object.assign(Object.create(wallets) as typeof wallets, { deposit }) }
  }
  return { ...store, transaction: (fn) => store.transaction((repos) => fn(short(repos))) }
}
