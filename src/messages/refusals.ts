import type { Lang } from '../i18n/index.js'
import { startCommandsText } from '../games/registry.js'
import { relativeTime } from '../render/markup.js'
import { renderRefusal } from '../render/refusals.js'

/**
 * Common refusals in one voice, so every handler says the same thing the same way; in the asker's
 * language. Here rather than in the render kit: "no table here" names the registered games' start commands.
 */
export const REFUSALS = {
  notInGuild: ({ t }: Lang) => renderRefusal(t('messages:refusals.notInGuild'), t('messages:refusals.notInGuildHint')),
  noTable: (lang: Lang) =>
    renderRefusal(
      lang.t('messages:refusals.noTable'),
      lang.t('messages:refusals.noTableHint', { commands: startCommandsText(lang) }),
    ),
  tableExists: ({ t }: Lang) =>
    renderRefusal(t('messages:refusals.tableExists'), t('messages:refusals.tableExistsHint')),
  tableGone: ({ t }: Lang) => renderRefusal(t('messages:refusals.tableGone'), t('messages:refusals.tableGoneHint')),
  /** A control whose table is in another channel, or on another server (a forged custom_id). */
  otherPlace: ({ t }: Lang, otherServer: boolean) =>
    renderRefusal(
      otherServer ? t('messages:refusals.otherServer') : t('messages:refusals.otherChannel'),
      t('messages:refusals.otherPlaceHint'),
    ),
  tooFast: ({ t }: Lang) => renderRefusal(t('messages:refusals.tooFast'), t('messages:refusals.tooFastHint')),
  notSeated: ({ t }: Lang) => renderRefusal(t('messages:refusals.notSeated'), t('messages:refusals.notSeatedHint')),
  alreadySeated: ({ t }: Lang) => renderRefusal(t('messages:refusals.alreadySeated')),
  tableFull: ({ t }: Lang, max: number) => renderRefusal(t('messages:refusals.tableFull', { max })),
  notInLobby: ({ t }: Lang) => renderRefusal(t('messages:refusals.notInLobby'), t('messages:refusals.notInLobbyHint')),
  tooFewPlayers: ({ t }: Lang, have: number, min: number) =>
    renderRefusal(t('messages:refusals.tooFewPlayers', { count: have, min }), t('messages:refusals.tooFewPlayersHint')),
  notCreator: ({ t }: Lang) => renderRefusal(t('messages:refusals.notCreator')),
  notYourTurn: ({ t }: Lang) =>
    renderRefusal(t('messages:refusals.notYourTurn'), t('messages:refusals.notYourTurnHint')),
  stale: ({ t }: Lang) => renderRefusal(t('messages:refusals.stale'), t('messages:refusals.staleHint')),
  illegal: ({ t }: Lang, ruleMessage: string) => renderRefusal(ruleMessage, t('messages:refusals.illegalHint')),
  notEnoughChips: (lang: Lang, need: number, have: number) =>
    renderRefusal(
      lang.t('messages:refusals.notEnoughChips', { count: need, need: lang.number(need), have: lang.number(have) }),
      lang.t('messages:refusals.notEnoughChipsHint'),
    ),
  dailyTaken: ({ t }: Lang, nextAt: number) =>
    renderRefusal(t('messages:refusals.dailyTaken', { when: relativeTime(nextAt) })),
  badOption: ({ t }: Lang, what: string) => renderRefusal(t('messages:refusals.badOption', { what })),
  somethingWrong: ({ t }: Lang) =>
    renderRefusal(t('messages:refusals.somethingWrong'), t('messages:refusals.somethingWrongHint')),
} as const
