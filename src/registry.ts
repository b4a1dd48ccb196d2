import type { AnyDecide } from './ai/index.js'
import { registerEngine, type GameId } from './games/registry.js'
import { badugiGame } from './games/badugi/module.js'
import { bugamiGame } from './games/bugami/module.js'
import { buraGame } from './games/bura/module.js'
import type { AnyGameModule } from './render/game-module.js'
import { listText } from './render/format.js'
import type { Lang } from './i18n/index.js'
import { lookupText } from './i18n/lookup.js'

/**
 * Every game the bot hosts, one module each (engine, renderer, rules text, start command).
 * The slash commands and their game choices, the Rules buttons, help, leaderboards and the
 * table layer all read the games from here; adding a game is its folder, its module and one
 * line below (and its engine's line in src/games/registry.ts, which the compiler asks for here).
 */
export const GAMES: { readonly [K in GameId]: AnyGameModule } = {
  bugami: bugamiGame,
  bura: buraGame,
  badugi: badugiGame,
}

const added = new Map<string, AnyGameModule>()

/** Adds a game beside the built-in ones (the test suite's toy game); before the bot starts. */
export function registerGame(module: AnyGameModule): void {
  registerEngine(module.engine)
  added.set(module.engine.id, module)
}

export function gameModule(game: string | null): AnyGameModule | undefined {
  if (game === null) return undefined
  return Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game as GameId] : added.get(game)
}

/** The game's AI player, or undefined for a game without one (its tables refuse "Add AI"). */
export function aiFor(game: string): AnyDecide | undefined {
  return gameModule(game)?.ai
}

/** Every game's module, in the order players see the games listed. */
export function gameModules(): AnyGameModule[] {
  return [...Object.values(GAMES), ...added.values()]
}

/** The start commands in words: "`/bugami start`, `/bura start` or `/badugi start`" (`quote` around each). */
export function startCommandsText(lang: Lang, quote = '`'): string {
  return listText(
    gameModules().map((m) => lang.t('messages:registry.startCommand', { game: m.engine.id, quote })),
    'or',
    lang,
  )
}

/** What the server's stakes set, in words: "Bura ante and Badugi big blind" (the games that name them). */
export function stakesText(lang: Lang): string {
  return lang.list(
    gameModules().flatMap((m) => {
      const stakes = lookupText(lang.locale, 'messages', `registry.stakesNames.${m.engine.id}`)
      return stakes ? [lang.t('messages:registry.stakes', { game: m.engine.title, stakes })] : []
    }),
  )
}

/** The games played for chips, in words: "Bura or Badugi". */
export function chipGamesText(lang: Lang): string {
  return listText(
    gameModules().flatMap((m) => (m.engine.usesChips ? [m.engine.title] : [])),
    'or',
    lang,
  )
}

export function isGame(game: string | null): game is string {
  return gameModule(game) !== undefined
}
