import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'

/** Why the bot is not ready yet: a code, which `/readyz` tells operators in words. */
export type NotReady = 'logging-in' | 'registering-commands' | 'catching-up' | 'stopping'

const NOT_READY_TEXT: Readonly<Record<NotReady, string>> = {
  'logging-in': 'logging in',
  'registering-commands': 'registering commands',
  'catching-up': 'catching up',
  stopping: 'stopping',
}

/** Why the bot is not ready, or null once it is (logged in and caught up with its pending effects). */
export type Readiness = () => NotReady | null

export interface MetricsServer {
  readonly port: number
  close(): Promise<void>
}

/**
 * METRICS_PORT's endpoints: `/metrics` (Prometheus text format, the gauges read from the database
 * first), `/healthz` (200 while the process lives and its event loop turns), `/readyz` (200 once
 * `ready` says so, else 503 with the reason). Anything else is 404; only GET and HEAD.
 */
export async function startMetricsServer(opts: {
  readonly port: number
  readonly host: string
  readonly registry: Registry
  readonly ready: Readiness
  /** Reads the gauges that come from the database, before each scrape. */
  readonly refresh: () => Promise<void>
  readonly onError: (error: unknown) => void
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'GET only\n')
    if (path === '/healthz') return send(200, 'ok\n')
    if (path === '/readyz') {
      const why = opts.ready()
      return why === null ? send(200, 'ready\n') : send(503, `not ready: ${NOT_READY_TEXT[why]}\n`)
    }
    if (path !== '/metrics') return send(404, 'not found: /metrics, /healthz, /readyz\n')
    // A database that cannot be read leaves the gauges as last read; the counters still answer.
    opts
      .refresh()
      .catch(opts.onError)
      .then(() => opts.registry.metrics())
      .then(
        (text) => send(200, text, opts.registry.contentType),
        (error: unknown) => {
          opts.onError(error)
          send(500, 'metrics failed\n')
        },
      )
  })
  // Connections Prometheus keeps alive must not hold up the bot's stop.
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', opts.onError)
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
