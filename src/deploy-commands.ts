import 'dotenv/config'
import { REST, Routes } from 'discord.js'
import { missingTokenHelp, readConfig } from './config.js'
import { commandDefinitions } from './commands/index.js'

/** `npm run deploy-commands`: registers the slash commands globally, or in DEV_GUILD_ID for instant updates. */
async function main(): Promise<number> {
  const read = readConfig(process.env)
  if (!read.ok) {
    process.stderr.write(`The settings in .env are not valid:\n  ${read.problems.join('\n  ')}\n`)
    return 1
  }
  const { token, clientId, devGuildId, discordUrl } = read.config
  if (!token || !clientId) {
    process.stderr.write(
      token ? 'DISCORD_CLIENT_ID is not set: put your application id in .env.\n' : missingTokenHelp(clientId),
    )
    return 1
  }
  const rest = new REST({ api: `${discordUrl}/api` }).setToken(token)
  const body = commandDefinitions()
  try {
    const route = devGuildId
      ? Routes.applicationGuildCommands(clientId, devGuildId)
      : Routes.applicationCommands(clientId)
    await rest.put(route, { body })
  } catch (error) {
    process.stderr.write(`Discord refused the commands: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  process.stdout.write(
    `Registered ${body.length} commands ` +
      `${devGuildId ? `in server ${devGuildId} (available now)` : 'globally (may take up to an hour to appear)'}.\n`,
  )
  return 0
}

process.exitCode = await main()
