import { registerGame } from '../../src/registry.js'
import { highCardGame } from './high-card/module.js'

/** The test registry: the built-in games plus the toy game, registered before any bot starts. */
registerGame(highCardGame)
