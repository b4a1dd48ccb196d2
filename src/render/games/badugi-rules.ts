import { badugiEngine } from '../../games/badugi/engine.js'
import { DEFAULT_SETTINGS } from '../../store/settings.js'
import type { GameRules } from '../rules-text.js'

// Blinds and bets come from the engine's stakes rule, so /rules cannot drift from a table.
const STAKES = DEFAULT_SETTINGS.defaultStakes
const BADUGI_AT_STAKES = badugiEngine.table.stakes(STAKES)

/** /rules for Badugi: a faithful summary of its RULES.md section. */
export const badugiRules: GameRules = {
  title: 'Badugi',
  gameWord: 'hand',
  tagline: 'Lowball draw poker for chips · 2-8 players · 52 cards, ace always low.',
  sections: [
    {
      title: 'Hand value',
      body:
        'From your 4 cards keep the largest set with **no two cards of the same suit and no two of the same rank**; among sets of that size keep the lowest. More cards always win (any 4-card badugi beats any 3-card hand). Equal sizes: the lower highest card wins, then the next, and so on; all equal → the pot is split.\n' +
        'Examples: 8♥7♦5♣4♠ beats 9♠4♣3♥2♦; K♦Q♣J♠8♥ beats 3♠2♣A♥.',
    },
    {
      title: 'Blinds and betting',
      body: `Small blind left of the dealer, big blind next (heads-up the dealer posts the small blind). Blinds and bets follow the server's stakes unless the table sets them (stakes ${STAKES}: blinds ${BADUGI_AT_STAKES.smallBlind}/${BADUGI_AT_STAKES.bigBlind}, small bet ${BADUGI_AT_STAKES.smallBet} in rounds 1-2, big bet ${BADUGI_AT_STAKES.bigBet} in rounds 3-4); **fixed limit**: one bet and three raises per round (in round 1 the big blind counts as the bet). Check, bet, call, raise or fold; a round ends when everyone still in has put in the same amount (or is all-in) and all have acted.`,
    },
    {
      title: 'A hand',
      body:
        '1. Blinds, 4 cards each.\n2. Round 1 starts left of the big blind; the big blind acts last and may raise.\n3. **Draw**: from the first active player left of the dealer, each discards 0-4 cards and gets as many new ones (0 = stand pat).\n' +
        '4. Round 2, draw 2, round 3 (big bet), draw 3, round 4; rounds start left of the dealer. When the pile runs out, the discards are shuffled into a new one.\n5. **Showdown**: the last bettor or raiser shows first (if all checked, the first active player left of the dealer). Best hand wins; ties split, an odd chip goes to the first tied player left of the dealer. If all but one fold, that player wins and shows nothing.',
    },
    {
      title: 'All-in and side pots',
      body: 'A player who cannot match a bet goes all-in for what they have and still draws; main pot and side pots go to the best hand among the players in each. An all-in for less than a full bet or raise does not reopen the betting. A blind larger than a stack is posted all-in; a seat with no chips sits out.',
    },
    {
      title: 'Pot limit and no limit (table options)',
      body: 'Minimum bet the big blind, minimum raise the size of the last bet or raise; pot limit caps a raise at the pot after calling. Amounts are "raise **to**": your total bet in the round after the action.',
    },
    {
      title: 'Cash table',
      body: 'You sit down with chips from your server balance, play hands, and your stack goes back to your balance when you stand up or the table closes. Standing up during a hand folds it.',
    },
    {
      title: 'Freeze-out (table option)',
      body: 'Everyone buys in the same amount, nobody joins after the start, and a player with no chips is out. Standing up does not pay you out: your seat stays in play, posts its blinds and folds every hand until its chips are gone. The match ends when one player holds every chip; that player wins (stats and leaderboard), and the stacks go back to the balances.',
    },
    {
      title: 'Nobody left to bet against',
      body: 'A betting round ends at once when the player to act is the only one left who can still bet and faces no bet, e.g. the big blind when everyone else folded or is all-in for no more than the blind.',
    },
    {
      title: 'An agreed end (table setting)',
      body: 'A table may be opened with an end time (`ends`: 2h, 3d, up to 30 days). When it passes, the hand in progress is played to its end, then the table closes: the best result (chips now minus chips brought) wins, ties share the win, and everyone at the table is pinged with the final standings.',
    },
  ],
}
