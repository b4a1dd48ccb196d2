import { fork, type ChildProcess } from 'node:child_process'
import type { SeedReport } from './report.js'

/**
 * Runs `seeds` in `jobs` child processes of `script` (started with `args` and this process's
 * loader flags), each taking the next seed as it finishes one; `onReport` gets each seed's report
 * as it comes. A child that dies mid-seed reports that seed failed and is replaced.
 */
export async function inParallel(
  script: string,
  args: readonly string[],
  seeds: readonly number[],
  jobs: number,
  onReport: (report: SeedReport) => void,
): Promise<void> {
  const queue = [...seeds]
  const worker = (): Promise<void> =>
    new Promise((resolve) => {
      let current: number | undefined
      const child: ChildProcess = fork(script, [...args], { execArgv: process.execArgv, stdio: 'inherit' })
      const next = () => {
        current = queue.shift()
        if (current === undefined) {
          child.kill()
          return
        }
        child.send(current)
      }
      child.on('message', (r: SeedReport) => {
        onReport(r)
        next()
      })
      child.on('exit', (code, signal) => {
        if (current === undefined) return resolve()
        const seed = current
        current = undefined
        onReport({
          seed,
          ok: false,
          headline: `the process running it ended (${signal ?? `exit code ${code}`})`,
          text: `\nFAILED seed ${seed}: the process running it ended (${signal ?? `exit code ${code}`})`,
        })
        // Another process takes the seeds left.
        void worker().then(resolve)
      })
      next()
    })
  await Promise.all(Array.from({ length: jobs }, () => worker()))
}
