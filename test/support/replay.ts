import { gameLookup } from '../../src/games/registry.js'
import * as replay from '../../src/games/replay.js'
import { ENGLISH } from '../../src/i18n/index.js'
import { refusalText } from '../../src/render/refusals.js'

/** The replay tool as `npm run replay` runs it (src/cli/replay.ts): every registered game, refusals in English. */
const deps: replay.ReplayDeps = { games: gameLookup, describe: (e) => refusalText(e, ENGLISH) }

export const replayText = (text: string): replay.ReplayResult => replay.replayText(text, deps)

export const replayScenario = (raw: unknown): replay.ReplayResult => replay.replayScenario(raw, deps)
