import { ENGLISH, type Lang } from '../i18n/index.js'
import { NO_PINGS, type Payload } from './payload.js'

/**
 * What an old public table message becomes when the bot posts a fresh one further down; in the
 * server's language (English until the table layer passes it).
 */
export function renderRetiredTableMessage(newMessageUrl: string, lang: Lang = ENGLISH): Payload {
  return {
    content: lang.t('messages:retired', { url: newMessageUrl }),
    embeds: [],
    components: [],
    allowedMentions: NO_PINGS,
  }
}
