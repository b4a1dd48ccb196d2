import fs from 'node:fs'
import { Worker } from 'node:worker_threads'

/**
 * The CPU time of the bot's (the calling) thread, in ms. Node 20 has no per-thread CPU clock, and
 * `process.cpuUsage()` adds up every thread (the checkpoint thread, libuv's syncs, the garbage
 * collector's helpers). Linux keeps each thread's time on a CPU in
 * `/proc/<pid>/task/<tid>/schedstat`, but brings a running thread's figure up to date only at the
 * scheduler's tick; a sleeping thread's is exact. So a helper thread reads it while this thread
 * sleeps in `Atomics.wait` (a sample costs this thread a few µs). Null where there is no such file.
 */
export interface ThreadCpu {
  ms(): number
  stop(): Promise<void>
}

// The helper, plain JavaScript (an eval'd worker): waits for a request, reads, answers.
const HELPER = `
const { workerData } = require('node:worker_threads')
const fs = require('node:fs')
const control = new Int32Array(workerData.control)
const value = new Float64Array(workerData.value)
const task = '/proc/' + workerData.tid + '/task/' + workerData.tid + '/'
for (;;) {
  Atomics.wait(control, 0, 0)
  if (control[0] === 3) break
  // The thread's state (after its name) is R until it has left the CPU, and its figure with it.
  while (fs.readFileSync(task + 'stat', 'utf8').split(') ')[1][0] === 'R');
  value[0] = Number(fs.readFileSync(task + 'schedstat', 'utf8').split(' ')[0])
  Atomics.store(control, 0, 2)
  Atomics.notify(control, 0)
}
`

export function threadCpu(): ThreadCpu | null {
  // The main thread's id is the process id.
  const task = `/proc/${process.pid}/task/${process.pid}/schedstat`
  if (!fs.existsSync(task)) return null
  const control = new Int32Array(new SharedArrayBuffer(4))
  const value = new Float64Array(new SharedArrayBuffer(8))
  const helper = new Worker(HELPER, {
    eval: true,
    workerData: { control: control.buffer, value: value.buffer, tid: process.pid },
  })
  return {
    ms: () => {
      Atomics.store(control, 0, 1)
      Atomics.notify(control, 0)
      while (Atomics.load(control, 0) === 1) Atomics.wait(control, 0, 1, 1000)
      Atomics.store(control, 0, 0)
      return value[0]! / 1e6
    },
    stop: async () => {
      Atomics.store(control, 0, 3)
      Atomics.notify(control, 0)
      await helper.terminate()
    },
  }
}
