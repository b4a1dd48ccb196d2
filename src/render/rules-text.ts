import { badugiEngine } from '../games/badugi/engine.js'
import { bugamiEngine } from '../games/bugami/engine.js'
import type { GameId } from '../games/registry.js'
import { DEFAULT_SETTINGS } from '../store/settings.js'

/**
 * /rules in words: a faithful summary of RULES.md per game (the project's spec), in sections a
 * player reads on Discord. Section bodies stay under an embed field's 1,024 characters.
 */
export interface RulesSection {
  readonly title: string
  readonly body: string
}

export interface GameRules {
  readonly title: string
  readonly tagline: string
  readonly sections: readonly RulesSection[]
}

// Defaults come from the engines and the table's stakes rule, so /rules cannot drift from them.
const BUGAMI_TARGET = bugamiEngine.optionsSchema.parse({}).target
const STAKES = DEFAULT_SETTINGS.defaultStakes
const BADUGI_AT_STAKES = badugiEngine.table.stakes(STAKES)

export const RULES: Record<GameId, GameRules> = {
  bugami: {
    title: 'Bugami',
    tagline: 'Trick-taking with secret "bug suit" bids · 3-7 players · points, no chips · 52 cards, A high, no trumps.',
    sections: [
      {
        title: 'Deal',
        body:
          'The whole deck is dealt evenly, one card at a time from the left of the dealer. The leftovers (52 mod players) lie face down and join the **last trick**, going to its winner (bugs among them count). ' +
          '3p: 17 each +1 · 4p: 13 · 5p: 10 +2 · 6p: 8 +4 · 7p: 7 +3. The dealer moves one seat left each deal.',
      },
      {
        title: 'Bids (secret)',
        body:
          'Everyone secretly picks a **bug suit** (♠ ♥ ♦ ♣) or **Misère** (take no trick). Nothing is shown until every player has bid; then all bids are revealed at once and stay visible for the deal. ' +
          'Several players may pick the same suit. You may change your bid until the last bid is in.',
      },
      {
        title: 'Play',
        body: 'The player left of the dealer leads. Follow suit if you can, otherwise play any card. The highest card of the led suit wins the trick; the winner leads next.',
      },
      {
        title: 'Scoring per deal',
        body:
          'Bugs = cards of your own bug suit in your tricks.\n' +
          '• Misère: no trick → **100**; any trick → 0.\n' +
          '• Took every trick (slam) → **100** whatever the bugs; every other non-misère player scores 0 (a successful misère still scores 100).\n' +
          '• No trick → **30**.\n' +
          '• Tricks and no bugs → **20 × tricks**.\n' +
          '• Otherwise → **⌊10 × tricks ÷ bugs⌋** (4 tricks, 1 bug → 40; 2 bugs → 20; 3 bugs → 13; 5 tricks, 2 bugs → 25).\n' +
          '• A misère bidder who takes every trick scores 0 and there is no slam.',
      },
      {
        title: 'Winning',
        body: `Totals add up deal by deal. The first to reach the target (table option, default **${BUGAMI_TARGET}**) wins; if several reach it in the same deal the highest total wins; if the highest totals tie, play goes on with another deal.`,
      },
      {
        title: 'Variants (table options)',
        body:
          '**Jokers** (1 or 2): the deck grows to 53/54. A joker in your tricks counts as one bug for you. You may discard a joker only when you cannot follow suit. A joker led wins the trick and the others may play any card; otherwise jokers never win.\n' +
          "**Shotgun Wedding**: players with the same bug suit are partners for the deal, pooling tricks and bugs; each partner scores the partnership's score (a partnership that took every trick is a slam). Misère bidders always play alone.",
      },
    ],
  },
  bura: {
    title: 'Bura',
    tagline: 'Russian trick-taking for chips · 2-6 players (best 2-4) · 36 cards.',
    sections: [
      {
        title: 'Cards and points',
        body: 'Rank high → low: **A, 10, K, Q, J, 9, 8, 7, 6** (the ten sits between ace and king). Points: **A 11 · 10 10 · K 4 · Q 3 · J 2 · 9-6 0**; the deck holds 120.',
      },
      {
        title: 'Ante and deal',
        body: `Every player pays the ante (table option; by default the server's stakes, **${STAKES}** chips unless \`/settings\` changed them) into the pot, which may already hold chips from earlier games. Each gets 3 cards; the next card is turned up and its suit is **trump**. The rest is the draw pile, with the trump card at its bottom (drawn last).`,
      },
      {
        title: 'Tricks',
        body:
          'First lead: heads-up the non-dealer, otherwise the player left of the dealer. The leader plays **1 card, or 2 or 3 cards of one suit**; everyone else in turn plays **exactly as many** cards, any cards (no duty to follow or beat).\n' +
          'A card beats another of its suit with a higher rank, and a trump beats any non-trump. A set beats the current winning set when its cards pair off one to one, each beating its partner; whoever beats what is in front becomes the current winner and takes the trick face down.',
      },
      {
        title: 'Drawing',
        body: 'After each trick, players draw one card at a time clockwise from the trick winner until all hold 3, in whole rounds only: a round the pile cannot complete is not drawn (those cards stay in the pile). The trick winner leads next.',
      },
      {
        title: 'Combinations (played automatically)',
        body: 'Checked before every lead: **Bura** (three trumps) wins the pot at once; several Buras play one trick among themselves for it. **Three aces**, then **Molodka** (three cards of one non-trump suit): the holder takes the lead and leads all three. Order Bura > three aces > Molodka; ties go to the earliest from the normal leader. The bot plays combinations itself, so nobody can tell who held one before it is played; a Bura dealt at the start ends the game before anyone acts. After a Bura, its winner deals next.',
      },
      {
        title: 'Declaring 31',
        body:
          "Any player may **declare** at any moment (table option: only on your turn). The game stops and the declarer's tricks are counted (the trick in progress counts for nobody):\n" +
          '• **31 or more**: the declarer wins the pot; next game everyone antes afresh.\n' +
          "• **30 or less**: the declarer pays the pot's size into it (it doubles); it stays for the next game, with everyone's ante on top.\n" +
          'Either way the declarer deals next.',
      },
      {
        title: 'Final call',
        body: 'After the last trick everyone may still declare or **pass** (the automatic move is to pass). If all pass, nobody wins: the pot stays, everyone antes again and the same dealer deals again.',
      },
      {
        title: 'Counting in your head',
        body: 'The bot never shows the points in your tricks, nor the cards of tricks already taken, unless the table was opened with **show_counts** on. The trick in progress and the last completed trick are public.',
      },
      {
        title: 'Chips',
        body: 'A player who cannot pay a penalty in full pays what they have. If a table closes with chips in its pot, they go back to the players in proportion to what each paid in, so no chip is created or lost.',
      },
      {
        title: 'Variants (table options)',
        body: 'Face-down play (responses that do not beat lie face down; a beating card may be played face down and then does not beat), three aces win like a Bura, Moscow (three aces beat a Bura), little Moscow (three sixes with the trump six take the lead, above Molodka), redeal on a dealt combination, 32 cards (no sixes), playing for points.',
      },
      {
        title: 'Playing for points or games won',
        body:
          "**Points**: no chips move; a game's losers (or a false declarer) take 2 penalty points, and 12 loses the match.\n" +
          '**Games won**: no chips move; a pot win is one game won, a false declaration is a game won by every other player, an all-pass (or a Kozel tie) gives nobody a game. The first to **21** (or 11) games with **2 more** than everyone else wins the match; until someone leads by 2, play goes on.',
      },
      {
        title: 'Kozel (table option)',
        body: "Bura's cards, points, trump and drawing, but **4 cards** each; a lead is **1 card or 3 of one suit**. Nobody declares: every card is played, then the **most card points** wins the pot and deals next; a tie wins nothing (the pot stays, everyone antes again, same dealer). Before every lead, **four aces** or a **Bura** (three or more trumps) win the pot at once, four aces above a Bura; several Buras play one trick with their three highest trumps. Not combinable with declaring on your turn, three aces win, Moscow, little Moscow or face-down play.",
      },
      {
        title: 'An agreed end (table setting)',
        body: 'A table may be opened with an end time (`ends`: 2h, 3d, up to 30 days). When it passes, the game in progress is played to its end, then the table closes: the player with the best result (chips now minus chips brought) wins, ties share the win, and everyone at the table is pinged with the final standings.',
      },
    ],
  },
  badugi: {
    title: 'Badugi',
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
  },
}
