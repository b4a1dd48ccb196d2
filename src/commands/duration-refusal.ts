import type { Lang } from '../i18n/index.js'

/** Why a typed duration (a turn deadline, an agreed end) was not taken. */
export function durationRefusal(t: Lang['t'], reason: 'format' | 'range', what: 'turn' | 'end', text: string): string {
  if (reason === 'format') return t('commands:replies.duration.format', { text })
  return what === 'turn' ? t('commands:replies.duration.turnRange') : t('commands:replies.duration.endRange')
}
