import { addTexts } from '../../src/i18n/index.js'
import { registerGame } from '../../src/games/registry.js'
import { highCardGame } from './high-card/module.js'

/** The test registry: the built-in games plus the toy game, registered before any bot starts. */
registerGame(highCardGame)
// The toy game's refusals, in English only (a German member falls back to English).
addTexts('en', 'refusals', {
  'high-card': {
    'game-over': 'The game is over.',
    'not-your-turn': 'It is not your turn: seat {{seat}} plays.',
    'not-in-hand': 'Play a card from your hand.',
    players: 'High card takes 2 to 6 players.',
    deck: '{{problem}}',
    'one-deal': 'A high card game is one deal.',
  },
})
