import { decideBugami } from './ai.js'
import { expertBugami } from './expert.js'
import { hintBugami } from './hint.js'
import { bugamiEngine } from './rules/engine.js'
import { bugamiRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame, oneLineEach } from '../../render/game-module.js'
import { publicParts, turnAsk } from './render.js'
import { privateParts } from './private-view.js'
import { eventLine } from './event-lines.js'

/** Bugami's game module: its engine with its renderer, pictures, rules pages, start command and AI. */

export const bugamiGame = defineGame({
  engine: bugamiEngine,
  ai: decideBugami,
  expert: expertBugami,
  hint: hintBugami,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  rules: bugamiRules(ENGLISH),
  rulesIn: bugamiRules,
  command: {},
  optionLabels: {
    target: (points, _, lang) => lang.t('table:bugami.options.target', { n: points }),
    jokers: (n, _, lang) => (n ? lang.t('table:bugami.jokers', { count: n }) : lang.t('table:bugami.options.noJokers')),
    shotgunWedding: (on, _, lang) => (on ? lang.t('table:bugami.shotgunWedding') : null),
  },
})
