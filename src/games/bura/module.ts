import { decideBura } from './ai.js'
import { expertBura } from './expert.js'
import { hintBura } from './hint.js'
import { buraEngine } from './rules/engine.js'
import { buraRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame } from '../../render/game-module.js'
import { publicParts, turnAsk } from './render.js'
import { confirmDeclare, privateParts } from './private-view.js'
import { eventLines } from './event-lines.js'

/** Bura's game module: its engine with its renderer, pictures, rules pages, start command and AI. */

export const buraGame = defineGame({
  engine: buraEngine,
  ai: decideBura,
  expert: expertBura,
  hint: hintBura,
  renderer: { publicParts, privateParts, eventLines, turnAsk, confirm: { declare: confirmDeclare } },
  scenes,
  rules: buraRules(ENGLISH),
  rulesIn: buraRules,
  command: {
    // The engine always refuses manual combinations (docs/bura.md): offering the option would only produce an error.
    hidden: ['manualCombinations'],
  },
  optionLabels: {
    ante: (n, o, lang) => (o.scoring === 'chips' ? lang.t('table:bura.options.ante', { n }) : null),
    showCounts: (on, _, lang) => lang.t(on ? 'table:bura.options.showCounts' : 'table:bura.options.countInHead'),
    declareOnTurnOnly: (on, _, lang) => (on ? lang.t('table:bura.options.declareOnTurnOnly') : null),
    threeAcesWin: (on, _, lang) => (on ? lang.t('table:bura.options.threeAcesWin') : null),
    moscow: (on, _, lang) => (on ? lang.t('table:bura.options.moscow') : null),
    littleMoscow: (on, _, lang) => (on ? lang.t('table:bura.options.littleMoscow') : null),
    redealOnCombination: (on, _, lang) => (on ? lang.t('table:bura.options.redealOnCombination') : null),
    deck32: (on, _, lang) => (on ? lang.t('table:bura.options.deck32') : null),
    faceDown: (on, _, lang) => (on ? lang.t('table:bura.options.faceDown') : null),
    manualCombinations: () => null,
    scoring: (how, o, lang) =>
      how === 'chips'
        ? null
        : how === 'points'
          ? lang.t('table:bura.options.points')
          : lang.t('table:bura.options.games', { n: o.gamesTarget }),
    gamesTarget: () => null,
    kozel: (on, _, lang) => (on ? lang.t('table:bura.options.kozel') : null),
  },
})
