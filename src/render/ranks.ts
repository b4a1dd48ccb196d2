import { RANKS, type Rank } from '../core/cards.js'
import { LOCALES, RESOURCES, type Locale } from '../i18n/resources.js'

/**
 * Rank letters as each language writes them on a card (`cards:rank` in cards.json): the queen and
 * the jack are D (Dame) and B (Bube) in German. Read straight from the resource data, without
 * i18next, so the drawing threads paint cards with them too. Card codes (`QS`) never change.
 */
export const rankLetter = (rank: Rank, locale: Locale): string => RESOURCES[locale].cards.rank[rank]

const RANK_OF_LETTER = new Map<string, Rank>(LOCALES.flatMap((l) => RANKS.map((r) => [rankLetter(r, l), r] as const)))

/** The rank a letter of any language stands for ("D" → Q, "10" → T); a letter means one rank in every language. */
export const rankOfLetter = (letter: string): Rank | undefined => RANK_OF_LETTER.get(letter)

/** Every rank letter of every language, longest first (for a pattern that reads "10" before "1"). */
export const RANK_LETTERS: readonly string[] = [...RANK_OF_LETTER.keys()].sort((a, b) => b.length - a.length)
