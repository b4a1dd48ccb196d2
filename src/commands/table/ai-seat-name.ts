import type { Lang } from '../../i18n/index.js'
import type { Outcome, TableUpdate } from '../../tables/index.js'
import { mention } from '../../render/markup.js'

/** The name of the AI seat a change just added or removed (from its table events). */
export function aiSeatName(lang: Lang, result: Outcome<TableUpdate>, type: 'joined' | 'left'): string {
  const e = result.ok ? result.value.tableEvents.find((t) => t.type === type) : undefined
  return e && 'userId' in e ? mention(e.userId) : lang.t('commands:replies.ai.someone')
}
