import type { Lang } from '../i18n/index.js'
import { userText } from '../render/user-text.js'

/** Why a typed duration (a turn deadline, an agreed end) was not taken. */
export function durationRefusal(t: Lang['t'], reason: 'format' | 'range', what: 'turn' | 'end', text: string): string {
  // What the member typed, shown back as text: never markdown or a mention.
  if (reason === 'format') return t('commands:replies.duration.format', { text: userText(text, 40) })
  return what === 'turn' ? t('commands:replies.duration.turnRange') : t('commands:replies.duration.endRange')
}
