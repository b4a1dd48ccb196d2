import { SlashCommandBuilder } from 'discord.js'
import type { Command, Subcommand } from './types.js'
import { named } from './localized.js'
import { status } from './table/status.js'
import { log } from './table/log.js'
import { leave } from './table/leave.js'
import { end } from './table/end.js'
import { kick } from './table/kick.js'
import { addAi } from './table/add-ai.js'
import { removeAi } from './table/remove-ai.js'

/** The subcommands of `/table`, in the order Discord lists them; each in its own file under `table/`. */
const SUBCOMMANDS: readonly Subcommand[] = [status, log, leave, end, kick, addAi, removeAi]

const data = named(new SlashCommandBuilder(), 'table')
for (const s of SUBCOMMANDS) data.addSubcommand(s.data)

/** `/table <subcommand>`: this channel's table. */
export const table: Command = {
  data,
  async execute(interaction, ctx) {
    const name = interaction.options.getSubcommand()
    await SUBCOMMANDS.find((s) => s.data.name === name)?.execute(interaction, ctx)
  },
}
