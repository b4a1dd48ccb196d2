import { DEFAULT_SETTINGS } from '../../store/settings.js'
import type { GameRules } from '../rules-text.js'

// The ante follows the server's stakes unless the table sets it.
const STAKES = DEFAULT_SETTINGS.defaultStakes

/** /rules for Bura: a faithful summary of its RULES.md section. */
export const buraRules: GameRules = {
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
}
