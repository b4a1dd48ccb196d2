import type { AnyDecide } from '../ai/index.js'
import type { AnyEngine } from '../core/engine.js'
import { badugiGame } from './badugi/module.js'
import { bugamiGame } from './bugami/module.js'
import { buraGame } from './bura/module.js'
import type { AnyGameModule } from '../render/game-module.js'
import { listText } from '../render/format.js'
import type { Lang } from '../i18n/index.js'
import { lookupText } from '../i18n/lookup.js'
import type { TableGames } from '../tables/games.js'

/**
 * Every game the bot hosts, one module each (engine, renderer, pictures, rules text, start
 * command, AI): the list of games. `GameId` is its keys. The slash commands and their game
 * choices, the Rules buttons, help, leaderboards, replay and simulate read the games from here;
 * the layers below it (the table service, the replay tool) are handed `gameLookup`. Adding a game
 * is its folder, its module and one line below.
 */
export const GAMES = {
  bugami: bugamiGame,
  bura: buraGame,
  badugi: badugiGame,
} satisfies Readonly<Record<string, AnyGameModule>>

export type GameId = keyof typeof GAMES

// The generic tools (replay, simulate, the tests about every game) see engines with their types erased.
export const ENGINES = Object.fromEntries(Object.entries(GAMES).map(([id, m]) => [id, m.engine])) as Readonly<
  Record<GameId, AnyEngine>
>

// Games added at run time (the test suite's toy game) sit beside the built-in ones.
const added = new Map<string, AnyGameModule>()

/** Adds a game beside the built-in ones (the test suite's toy game), before the bot starts; refuses to replace one. */
export function registerGame(module: AnyGameModule): void {
  if (gameModule(module.engine.id)) throw new Error(`a game called ${module.engine.id} is already registered`)
  added.set(module.engine.id, module)
}

export function gameModule(game: string | null): AnyGameModule | undefined {
  if (game === null) return undefined
  return Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game as GameId] : added.get(game)
}

/** Every game's module, in the order players see the games listed. */
export function gameModules(): AnyGameModule[] {
  return [...Object.values(GAMES), ...added.values()]
}

export function engineFor(game: string): AnyEngine | undefined {
  return gameModule(game)?.engine
}

/** Every registered game id, built-in ones first. */
export function engineIds(): string[] {
  return [...Object.keys(GAMES), ...added.keys()]
}

/** The game's AI player, or undefined for a game without one (its tables refuse "Add AI"). */
export function aiFor(game: string): AnyDecide | undefined {
  return gameModule(game)?.ai
}

/** The games as the table service and the replay tool take them (they sit below this registry). */
export const gameLookup: TableGames = { engine: engineFor, ids: engineIds, ai: aiFor }

export function isGame(game: string | null): game is string {
  return gameModule(game) !== undefined
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
