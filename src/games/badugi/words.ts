import type { Rank } from '../../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import { rankLetter } from '../../render/ranks.js'

/** Badugi's engine words (English, for logs) as players read them, shared by the messages and the pictures. */

/**
 * The engine names a hand in English ("K-Q-5-4 badugi", "3-card 7-4-2"); players read it in their
 * language ("Badugi K-D-5-4", "Dreier-Hand 7-4-2"), with the ranks as their cards show them.
 */
export function handName(name: string, lang: Lang): string {
  const badugi = /^(.+) badugi$/.exec(name)
  if (badugi) return lang.t('table:badugi.handName.badugi', { ranks: ranksText(badugi[1]!, lang) })
  const short = /^([123])-card (.+)$/.exec(name)
  if (short)
    return lang.t(`table:badugi.handName.cards${short[1] as '1' | '2' | '3'}`, { ranks: ranksText(short[2]!, lang) })
  return name
}

/** The engine's "K-Q-10-4" in the reader's rank letters. */
function ranksText(ranks: string, lang: Lang): string {
  return ranks
    .split('-')
    .map((r) => rankLetter((r === '10' ? 'T' : r) as Rank, lang.locale))
    .join('-')
}

/** The engine's reasons for moving chips ("pot", "side pot 2", "small blind") in the players' words. */
export function reasonText(reason: string, lang: Lang): string {
  if (reason === 'pot') return lang.t('table:badugi.reason.pot')
  if (reason === 'main pot') return lang.t('table:badugi.reason.mainPot')
  const side = /^side pot (\d+)$/.exec(reason)
  if (side) return lang.t('table:badugi.reason.sidePot', { i: Number(side[1]) })
  if (reason === 'small blind') return lang.t('table:badugi.reason.smallBlind')
  if (reason === 'big blind') return lang.t('table:badugi.reason.bigBlind')
  return reason
}
