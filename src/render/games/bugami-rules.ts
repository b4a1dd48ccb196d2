import { bugamiEngine } from '../../games/bugami/engine.js'
import type { GameRules } from '../rules-text.js'

// The default comes from the engine, so /rules cannot drift from it.
const BUGAMI_TARGET = bugamiEngine.optionsSchema.parse({}).target

/** /rules for Bugami: a faithful summary of its RULES.md section. */
export const bugamiRules: GameRules = {
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
}
