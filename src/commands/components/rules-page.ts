import { forUpdate } from '../../render/payload.js'
import { renderRules } from '../../messages/general.js'
import { memberLang } from '../../discord/lang.js'
import type { ComponentHandlers } from './component.js'

/** The page buttons of the private rules message: the page turns in place. */
export const rulesPage: ComponentHandlers['rules-page'] = async (_ctx, interaction, { game, page }) => {
  await interaction.update(forUpdate(renderRules(game, memberLang(interaction), page)))
}
