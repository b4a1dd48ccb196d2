import { PermissionFlagsBits, type RepliableInteraction } from 'discord.js'
import type { TableSnapshot } from '../tables/index.js'

/** Server admins: chip grants, settings, and any table. */
export function managesServer(interaction: RepliableInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true
}

/** The creator of a table, or anyone with Manage Server, runs it. */
export function mayManage(interaction: RepliableInteraction, table: TableSnapshot): boolean {
  return table.creatorId === interaction.user.id || managesServer(interaction)
}
