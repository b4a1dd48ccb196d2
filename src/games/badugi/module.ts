import { decideBadugi } from './ai.js'
import { expertBadugi } from './expert.js'
import { hintBadugi } from './hint.js'
import { badugiEngine, smallBlindFor } from './rules/index.js'
import { badugiRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame, oneLineEach } from '../../render/game-module.js'
import { publicParts, turnAsk } from './render.js'
import { privateParts } from './private-view.js'
import { eventLine } from './event-lines.js'

/** Badugi's game module: its engine with its renderer, pictures, rules pages, start command and AI. */

/**
 * The stakes a creator names follow each other as the server's stakes set them: a blind left out
 * follows the given one (the small blind is half the big one, at least 1; the big blind twice the
 * small one), and the fixed-limit bets follow the big blind (the small bet is the big blind, the
 * big bet twice it). Without blinds the server's stakes set all four.
 */
export function stakesFromBlinds(options: Record<string, unknown>): Record<string, unknown> {
  const { smallBlind, bigBlind } = options
  const big = typeof bigBlind === 'number' ? bigBlind : typeof smallBlind === 'number' ? 2 * smallBlind : null
  if (big === null) return options
  const small = typeof smallBlind === 'number' ? smallBlind : smallBlindFor(big)
  return { ...options, smallBlind: small, bigBlind: big, smallBet: big, bigBet: 2 * big }
}

/** A tournament's blinds and bets come from its level table, not the stake options. */
const tour = (o: { format: string }) => o.format === 'tournament'

export const badugiGame = defineGame({
  engine: badugiEngine,
  ai: decideBadugi,
  expert: expertBadugi,
  hint: hintBadugi,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  rules: badugiRules(ENGLISH),
  rulesIn: badugiRules,
  command: { hidden: ['smallBet', 'bigBet'], derive: stakesFromBlinds },
  optionLabels: {
    limit: (limit, _, lang) => lang.t(`table:badugi.options.limit.${limit}`),
    smallBlind: (n, o, lang) => (tour(o) ? null : lang.t('table:badugi.options.smallBlind', { n })),
    bigBlind: (n, o, lang) => (tour(o) ? null : lang.t('table:badugi.options.bigBlind', { n })),
    smallBet: (n, o, lang) => (o.limit === 'fixed' && !tour(o) ? lang.t('table:badugi.options.smallBet', { n }) : null),
    bigBet: (n, o, lang) => (o.limit === 'fixed' && !tour(o) ? lang.t('table:badugi.options.bigBet', { n }) : null),
    format: (format, _, lang) => lang.t(`table:badugi.options.${format}`),
    structure: (s, o, lang) => (o.format === 'tournament' ? lang.t(`table:badugi.options.structure.${s}`) : null),
    levelHands: (n, o, lang) => (o.format === 'tournament' ? lang.t('table:badugi.options.levelHands', { n }) : null),
    prizes: (p, o, lang) =>
      o.format === 'tournament' && p === 'winner-takes-all' ? lang.t('table:badugi.options.winnerTakesAll') : null,
  },
})
