import 'dotenv/config'
import { fileURLToPath } from 'node:url'
import { missingTokenHelp, readConfig, type Config } from './config.js'
import { createLogger, type Logger } from './lib/log.js'
import { untilStopped } from './lib/stop-signal.js'
import { setDrawThreads } from './render/images/threads.js'
import { ALL_SHARDS_READY, firstShard } from './sharding/shard-of.js'

/** `npm start`: runs the bot with the settings from .env until it is stopped (Ctrl-C or SIGTERM). */
async function main(): Promise<number> {
  const read = readConfig(process.env)
  if (!read.ok) {
    process.stderr.write(
      `The settings in .env are not valid:\n  ${read.problems.join('\n  ')}\nSee .env.example for what each one ` +
        `means.\n`,
    )
    return 1
  }
  const config = read.config
  if (config.imageThreads !== undefined) setDrawThreads(config.imageThreads)
  if (!config.token) {
    process.stderr.write(missingTokenHelp(config.clientId))
    // A production server without a token is misconfigured: never answer that with a sandbox.
    if (config.production) return 1
    const { runSandbox } = await import('./sandbox/run.js')
    return runSandbox(config)
  }
  const log = createLogger(config.logLevel)
  if ((config.shards !== 1 || config.shardIds) && !process.env.SHARDING_MANAGER)
    return manageShards(config.token, config, log)
  // Loaded only once there is a token: the set-up help above needs neither Discord nor the database.
  const { startBot } = await import('./bot.js')
  if (config.handPictureCacheMb !== undefined)
    (await import('./messages/pictures.js')).setHandPictureCache(config.handPictureCacheMb)
  let bot: Awaited<ReturnType<typeof startBot>>
  try {
    bot = await startBot({
      token: config.token,
      discordUrl: config.discordUrl,
      databaseUrl: config.databaseUrl,
      devGuildId: config.devGuildId,
      log,
      ai: config.ai,
      globalPerSecond: config.globalPerSecond,
      memberRate: config.memberRate,
      lobbyExpiryMs: config.lobbyExpiryMs,
      ...(config.metrics ? { metrics: metricsAddress(config.metrics) } : {}),
      deadlineSweepMs: config.deadlineSweepMs,
      tableLogRetentionDays: config.tableLogRetentionDays,
      ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    })
  } catch (error) {
    // A wrong token or an unreachable Discord is a set-up problem: say so in one line, no stack.
    log.fatal({ err: error }, 'could not start')
    process.stderr.write(`The bot could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  // A shard process tells its supervisor that all its shards are ready (discord.js reports the first).
  if (process.env.SHARDING_MANAGER) process.send?.(ALL_SHARDS_READY)
  await untilStopped()
  await bot.stop()
  // A shard process: its IPC channel to the ShardingManager would keep it alive.
  if (process.connected) process.disconnect()
  return 0
}

/**
 * Where this process serves its metrics: METRICS_PORT itself, or in a shard process that the
 * supervisor started (SHARDS: its shard id, or the JSON list of its shards) METRICS_PORT plus its
 * first shard's id, so that the processes of one host do not collide.
 */
function metricsAddress(metrics: { port: number; host: string }): { port: number; host: string } {
  return {
    port: metrics.port + (process.env.SHARDING_MANAGER ? firstShard(process.env.SHARDS) : 0),
    host: metrics.host,
  }
}

/**
 * SHARDS=auto|N, or SHARD_IDS of SHARD_COUNT: this process only supervises; each shard process
 * runs this file as a bot.
 */
async function manageShards(token: string, config: Config, log: Logger): Promise<number> {
  const { runShards } = await import('./sharding/manager.js')
  let manager: Awaited<ReturnType<typeof runShards>>
  try {
    manager = await runShards({
      script: fileURLToPath(import.meta.url),
      token,
      discordUrl: config.discordUrl,
      shards: config.shards,
      ...(config.shardIds ? { shardIds: config.shardIds } : {}),
      shardsPerProcess: config.shardsPerProcess,
      log,
    })
  } catch (error) {
    log.fatal({ err: error }, 'could not start the shards')
    process.stderr.write(`The shards could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  await untilStopped()
  // Each shard gets SIGTERM and stops the way a single bot does; none is respawned.
  manager.respawn = false
  await Promise.all(
    manager.shards.map(
      (shard) =>
        new Promise<void>((resolve) => {
          if (!shard.process || shard.process.exitCode !== null) return resolve()
          shard.process.once('exit', () => resolve())
          shard.process.kill('SIGTERM')
        }),
    ),
  )
  log.info('all shards stopped')
  return 0
}

process.exitCode = await main()
