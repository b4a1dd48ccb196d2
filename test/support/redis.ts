import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { Writable } from 'node:stream'
import { createLogger, type Logger } from '../../src/lib/log.js'

/**
 * Redis for the tests: TEST_REDIS_URL (on the project's machines redis://127.0.0.1:6379, which
 * .ci/run sets and checks). Without it the tests that need Redis are skipped, and say so.
 */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL

/** A bot token no other test uses: its budget's keys in Redis are its own. */
export function freshToken(): string {
  return `test-${randomBytes(12).toString('hex')}`
}

/** A Redis server of the test's own on a free port, to stop and start again (redis-server must be installed). */
export class OwnRedis {
  private child: ChildProcess | null = null
  private constructor(readonly port: number) {}

  static available(): boolean {
    return spawnSync('redis-server', ['--version']).status === 0
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort())
    await redis.start()
    return redis
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    this.child = child
    await new Promise<void>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8')
        if (out.includes('Ready to accept connections')) resolve()
      })
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
    })
  }

  /** SIGKILL: Redis is gone at once, as when its host dies. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await exited
    this.child = null
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** A logger whose lines the test reads. */
export function capturedLogger(): { log: Logger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  return { log: createLogger('info', sink), lines }
}
