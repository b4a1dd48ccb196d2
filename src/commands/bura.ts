import { addEndsOption } from './options.js'
import { startCommand } from './start.js'

const VARIANTS: [string, string][] = [
  ['show_counts', 'Show the points in your tricks (default off: count in your head)'],
  ['declare_on_turn_only', 'Declare 31 only on your own turn (default: at any moment)'],
  ['three_aces_win', 'Three aces win the pot like a Bura'],
  ['moscow', 'Moscow: three aces beat even a Bura'],
  ['little_moscow', 'Little Moscow: three sixes with the trump six take the lead'],
  ['redeal_on_combination', 'Redeal when a combination is dealt'],
  ['deck32', 'Play with 32 cards (no sixes)'],
  ['face_down', 'Face-down play (verdeckt spielen)'],
  ['kozel', 'Kozel: 4 cards, play every card, most points wins (no declaring; not with the 31 variants)'],
]

export const bura = startCommand('bura', 'Bura: Russian trick-taking for chips (2-6 players)', (sub) => {
  sub
    .addIntegerOption((o) =>
      o
        .setName('ante')
        .setDescription('Chips each player pays into the pot every game (default 10)')
        .setMinValue(1)
        .setMaxValue(100_000),
    )
    .addIntegerOption((o) =>
      o
        .setName('buy_in')
        .setDescription('Chips each player brings to the table (default: server setting)')
        .setMinValue(1)
        .setMaxValue(10_000_000),
    )
    .addStringOption((o) =>
      o
        .setName('scoring')
        .setDescription('Play for chips (default), penalty points (12 loses) or games won')
        .addChoices(
          { name: 'chips', value: 'chips' },
          { name: 'penalty points (12 loses)', value: 'points' },
          { name: 'games won (first to the target, 2 ahead)', value: 'games' },
        ),
    )
    .addIntegerOption((o) =>
      o
        .setName('games_target')
        .setDescription('Games won: the target, with a 2-game lead (default 21)')
        .addChoices({ name: '21 games', value: 21 }, { name: '11 games', value: 11 }),
    )
  for (const [name, description] of VARIANTS) sub.addBooleanOption((o) => o.setName(name).setDescription(description))
  return addEndsOption(sub)
})
