import type { Config } from '../config.js'
import { createLogger } from '../lib/log.js'
import { startCommandsText } from '../games/registry.js'
import { ENGLISH } from '../i18n/index.js'
import { untilStopped } from '../lib/stop-signal.js'
import { startSandbox } from './start.js'

/**
 * Runs the sandbox until Ctrl-C: `npm start` without a token (outside production), and
 * `npm run sandbox` always. The bot logs warnings only here unless LOG_LEVEL is set.
 */
export async function runSandbox(config: Config): Promise<number> {
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn')
  let sandbox: Awaited<ReturnType<typeof startSandbox>>
  try {
    sandbox = await startSandbox({ port: config.sandboxPort, log, ai: config.ai })
  } catch (error) {
    process.stderr.write(`The sandbox could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  process.stdout.write(
    [
      '',
      `Sandbox: ${sandbox.url}`,
      '  The real bot plays against a local Discord in this process (nothing leaves this machine).',
      `  Open the page, pick a member (alice, bob, carol) and type ${startCommandsText(ENGLISH, '')}.`,
      '  Open one tab per member with the links at the top. Ctrl-C stops it; the sandbox starts empty each time.',
      '',
    ].join('\n'),
  )
  await untilStopped()
  await sandbox.stop()
  return 0
}
