import type { Lang } from '../../i18n/index.js'

/** Badugi's engine words (English, for logs) as players read them, shared by the messages and the pictures. */

/**
 * The engine names a hand in English ("8-7-5-4 badugi", "3-card 7-4-2"); players read it in their
 * language ("Badugi 8-7-5-4", "Dreier-Hand 7-4-2"). Ranks stay as the cards show them.
 */
export function handName(name: string, lang: Lang): string {
  const badugi = /^(.+) badugi$/.exec(name)
  if (badugi) return lang.t('table:badugi.handName.badugi', { ranks: badugi[1] })
  const short = /^([123])-card (.+)$/.exec(name)
  if (short) return lang.t(`table:badugi.handName.cards${short[1] as '1' | '2' | '3'}`, { ranks: short[2] })
  return name
}

/** The engine's reasons for moving chips ("pot", "small blind") in the players' words. */
export function reasonText(reason: string, lang: Lang): string {
  if (reason === 'pot') return lang.t('table:badugi.reason.pot')
  if (reason === 'small blind') return lang.t('table:badugi.reason.smallBlind')
  if (reason === 'big blind') return lang.t('table:badugi.reason.bigBlind')
  return reason
}
