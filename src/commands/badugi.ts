import { addEndsOption } from './options.js'
import { startCommand } from './start.js'

/** Fixed-limit bets follow the big blind as usual: the small bet is the big blind, the big bet twice it. */
export function betsFromBlinds(options: Record<string, unknown>): Record<string, unknown> {
  const bigBlind = options.bigBlind
  return typeof bigBlind === 'number' ? { ...options, smallBet: bigBlind, bigBet: 2 * bigBlind } : options
}

export const badugi = startCommand(
  'badugi',
  'Badugi: lowball draw poker for chips (2-8 players)',
  (sub) =>
    addEndsOption(
      sub
        .addIntegerOption((o) =>
          o
            .setName('buy_in')
            .setDescription('Chips each player brings to the table (default: server setting)')
            .setMinValue(1)
            .setMaxValue(10_000_000),
        )
        .addIntegerOption((o) =>
          o.setName('small_blind').setDescription('Small blind (default 1)').setMinValue(1).setMaxValue(1_000_000),
        )
        .addIntegerOption((o) =>
          o.setName('big_blind').setDescription('Big blind (default 2)').setMinValue(1).setMaxValue(1_000_000),
        )
        .addStringOption((o) =>
          o
            .setName('limit')
            .setDescription('Betting limit (default fixed)')
            .addChoices(
              { name: 'fixed limit', value: 'fixed' },
              { name: 'pot limit', value: 'pot' },
              { name: 'no limit', value: 'no' },
            ),
        )
        .addStringOption((o) =>
          o
            .setName('format')
            .setDescription('Cash game (default), or a freeze-out: one buy-in, played until one player has every chip')
            .addChoices({ name: 'cash game', value: 'cash' }, { name: 'freeze-out', value: 'freezeout' }),
        ),
    ),
  betsFromBlinds,
)
