import 'dotenv/config'
import { missingTokenHelp, readConfig } from './config.js'
import { createLogger } from './log.js'
import { untilStopped } from './stop-signal.js'

/** `npm start`: runs the bot with the settings from .env until it is stopped (Ctrl-C or SIGTERM). */
async function main(): Promise<number> {
  const read = readConfig(process.env)
  if (!read.ok) {
    process.stderr.write(
      `The settings in .env are not valid:\n  ${read.problems.join('\n  ')}\nSee .env.example for what each one means.\n`,
    )
    return 1
  }
  const config = read.config
  if (!config.token) {
    process.stderr.write(missingTokenHelp(config.clientId))
    // A production server without a token is misconfigured: never answer that with a sandbox.
    if (config.production) return 1
    const { runSandbox } = await import('./sandbox/run.js')
    return runSandbox(config)
  }
  const log = createLogger(config.logLevel)
  // Loaded only once there is a token: the set-up help above needs neither Discord nor the database.
  const { startBot } = await import('./bot.js')
  let bot: Awaited<ReturnType<typeof startBot>>
  try {
    bot = await startBot({
      token: config.token,
      discordUrl: config.discordUrl,
      databaseUrl: config.databaseUrl,
      devGuildId: config.devGuildId,
      log,
    })
  } catch (error) {
    // A wrong token or an unreachable Discord is a set-up problem: say so in one line, no stack.
    log.fatal({ err: error }, 'could not start')
    process.stderr.write(`The bot could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  await untilStopped()
  await bot.stop()
  return 0
}

process.exitCode = await main()
