import type { EffectRecord, Repos, Store } from '../../src/store/index.js'
import { engineFor } from '../../src/games/registry.js'

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

/**
 * A leak planted for the privacy check (test/sim/planted.test.ts): the line a live Bura table's
 * message shows on the game before (`⏮ Game 1: …`) claims a winning combination of cards that
 * game kept hidden from everybody, as a result drawn from the wrong state would. The store hands
 * the desk the previous game's result with its end rewritten (read alone, or with a delivery's
 * effects); the game's own log is untouched.
 */
export function previousGameShowsHiddenCards(store: Store): Store {
  const effects = store.effects
  const rewrite = (last: EffectRecord | null): EffectRecord | null => {
    const state = last?.payload.state as { game?: string; end?: unknown } | undefined
    if (!last || state?.game !== 'bura' || !state.end) return last
    const hidden = engineFor('bura')!.hiddenFrom(state, null).slice(0, 3)
    if (hidden.length === 0) return last
    const end = { reason: 'bura', winner: 0, cards: hidden }
    return { ...last, payload: { ...last.payload, state: { ...state, end } } }
  }
  // The result comes with a delivery's read, or on its own (a table message drawn otherwise, /table status).
  const latestResult: typeof effects.latestResult = async (tableId) => rewrite(await effects.latestResult(tableId))
  const forDelivery: typeof effects.forDelivery = async (tableId) => {
    const read = await effects.forDelivery(tableId)
    return { ...read, latestResult: () => rewrite(read.latestResult()) }
  }
  return {
    ...store,
    effects: Object.assign(Object.create(effects) as typeof effects, { latestResult, forDelivery }),
  }
}
