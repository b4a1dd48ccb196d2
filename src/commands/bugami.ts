import { startCommand } from './start.js'

export const bugami = startCommand(
  'bugami',
  'Bugami: trick-taking with secret bug-suit bids (3-7 players, points)',
  (sub) =>
    sub
      .addIntegerOption((o) =>
        o.setName('target').setDescription('Points to win the match (default 250)').setMinValue(20).setMaxValue(2000),
      )
      .addIntegerOption((o) =>
        o
          .setName('jokers')
          .setDescription('Jokers in the deck (default 0)')
          .addChoices({ name: 'none', value: 0 }, { name: 'one', value: 1 }, { name: 'two', value: 2 }),
      )
      .addBooleanOption((o) =>
        o.setName('shotgun_wedding').setDescription('Players with the same bug suit are partners (default off)'),
      ),
)
