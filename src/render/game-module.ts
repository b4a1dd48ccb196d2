import type { Decide, DecideOptions, SeatHistory } from '../ai/index.js'
import type { GameEngine } from '../core/engine.js'
import type { HandScene, TableScene } from './images/scene.js'
import type { SeatNames } from './images/seat-names.js'
import type { OwnSeatView, SpectatorView } from './images/views.js'
import type { GameRules, RulesText } from './rules-text.js'
import type { Lang } from '../i18n/index.js'
import type { PrivateContext, PrivateParts, PublicParts, RenderContext } from './types.js'

/** A question before a move that cannot be undone: what it does and may cost, and its button's label. */
export interface MoveQuestion {
  readonly text: string
  readonly button: string
}

/** How one game looks on Discord: the engine's view, legal actions and events, typed by the game. */
export interface GameRenderer<V, A extends { readonly type: string }, E> {
  publicParts(view: V, ctx: RenderContext): PublicParts
  privateParts(view: V, legal: readonly A[], ctx: PrivateContext): PrivateParts
  eventLines(events: readonly E[], ctx: RenderContext): string[]
  /**
   * The moves asked once more before they are made (`askButton`), by action type (an action with
   * no fields): the question, seen from the asking seat's view. A game with such a move says it here.
   */
  readonly confirm?: { readonly [K in A['type']]?: (view: V, ctx: RenderContext) => MoveQuestion }
  /**
   * What the game asks of `seat` now, in a few words for its public turn ping ("your bid",
   * "answer with 3 cards", "20 to call"). `view` is the spectator view: the ping is public.
   * `count` is how many players the ping asks it of at once (German: "dein Gebot", "euer Gebot").
   */
  turnAsk(view: V, seat: number, lang: Lang, count: number): string
}

/**
 * The game's pictures (docs/images.md): what the table image and a seat's hand image show, built
 * from the spectator view and from that seat's own view only, so a picture cannot hold a hidden card.
 */
export interface GameScenes<V, A> {
  tableScene(view: SpectatorView<V>, name: SeatNames, lang: Lang): TableScene
  handScene(view: OwnSeatView<V>, legal: readonly A[], name: SeatNames, lang: Lang): HandScene
}

/** The `/<game> start` command: everything else about it comes from the engine's options schema. */
export interface StartCommand<O> {
  /**
   * The command's description in English, for a game without texts in commands.json (the test
   * suite's toy game); a game with them takes its description and choice names from there.
   */
  readonly description?: string
  /** Options the command does not offer (the engine still takes them, e.g. from `derive`). */
  readonly hidden?: readonly (keyof O & string)[]
  /** Display names of choice values in English, by option, for a game without texts in commands.json. */
  readonly choiceNames?: { readonly [K in keyof O & string]?: Readonly<Record<string, string>> }
  /** Engine options worked out from the ones given (the engine still validates the result). */
  derive?(given: Record<string, unknown>): Record<string, unknown>
}

/**
 * How each table option reads in the table's footer and lobby, in the players' words ("small
 * blind 5", "count in your head"): one entry per option (the compiler asks for a new option's),
 * given the option's value and all the table's options; null when it does not matter at this
 * table (fixed-limit bet sizes on a no-limit table, an off variant).
 */
export type OptionLabels<O> = {
  readonly [K in keyof O & string]-?: (value: O[K], options: O, lang: Lang) => string | null
}

/**
 * Everything the bot knows about one game, defined once: the pure engine, its renderer, its
 * pictures, its rules text, its start command, how its options read and its AI player. The registry
 * (src/games/registry.ts) lists one per game.
 */
export interface GameModule<S, A extends { readonly type: string }, O, V, E extends { readonly type: string }> {
  readonly engine: GameEngine<S, A, O, V, E>
  readonly renderer: GameRenderer<V, A, E>
  /** Without scenes the game's messages carry no pictures (text only). */
  readonly scenes?: GameScenes<V, A>
  /** The rules in English: the game's title and what one game is called (`gameWord`). */
  readonly rules: GameRules
  /** The /rules pages in a language. */
  readonly rulesIn: RulesText
  readonly command: StartCommand<O>
  readonly optionLabels: OptionLabels<O>
  /** The game's AI player (src/ai); without one the table refuses "Add AI". */
  readonly ai?: Decide<O, V, E, A>
  /** A rule-based player written from the game's strategy (docs/ai.md): the baseline the AI is measured against. */
  readonly expert?: Decide<O, V, E, A>
  /**
   * A practice table's Hint: the AI's move for the seat whose history it is given, with one
   * sentence of why in the member's language; null when the seat has nothing to do.
   */
  readonly hint?: (history: SeatHistory<O, V, E, A>, opts: DecideOptions, lang: Lang) => Hint<A> | null
}

/** The AI's suggested move and one sentence of why (the sentence names the move). */
export interface Hint<A> {
  readonly action: A
  readonly text: string
}

// The registry and the generic layers see modules with their types erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any>

/**
 * Ties an engine to its renderer: the compiler checks that the renderer takes exactly the
 * engine's view, actions and events, so the generic layers need no casts.
 */
export function defineGame<S, A extends { readonly type: string }, O, V, E extends { readonly type: string }>(
  module: GameModule<S, A, O, V, E>,
): GameModule<S, A, O, V, E> {
  return module
}

/** For games whose events each make one line (or none). */
export function oneLineEach<E>(
  eventLine: (event: E, ctx: RenderContext) => string | null,
): GameRenderer<unknown, { readonly type: string }, E>['eventLines'] {
  return (events, ctx) => {
    const out: string[] = []
    for (const e of events) {
      const line = eventLine(e, ctx)
      if (line) out.push(line)
    }
    return out
  }
}
