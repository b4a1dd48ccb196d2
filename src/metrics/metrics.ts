import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The bot's Prometheus series (docs/metrics.md), in a registry of their own per bot (tests run
 * several bots in one process). Every series carries the `shard` label: the shards this process
 * runs, e.g. `0` or `4,5`. The database-wide figures (open tables, overdue deadlines, the outbox)
 * are read when Prometheus scrapes, counting the tables of this process's shards only.
 */
export class BotMetrics {
  readonly registry = new Registry()

  readonly interactions: Counter<'kind'>
  readonly answerSeconds: Histogram<'kind'>
  readonly moves: Counter<'game' | 'by'>
  readonly discordRequests: Counter<'route' | 'status'>
  readonly discordRateLimited: Counter<'scope' | 'route'>
  readonly budgetWaitSeconds: Histogram<'lane'>
  readonly transactionSeconds: Histogram
  readonly transactionErrors: Counter
  readonly aiDecisionSeconds: Histogram<'game'>
  readonly outboxPending: Gauge
  readonly outboxOldestSeconds: Gauge
  readonly openTables: Gauge<'game' | 'state'>
  readonly deadlinesOverdue: Gauge

  constructor() {
    const registers = [this.registry]
    // Event-loop lag, memory, CPU, handles: prom-client's standard process and Node.js series.
    collectDefaultMetrics({ register: this.registry })
    this.interactions = new Counter({
      name: 'bot_interactions_total',
      help: 'Interactions received, by kind (command, button, select, other).',
      labelNames: ['kind'],
      registers,
    })
    this.answerSeconds = new Histogram({
      name: 'bot_interaction_answer_seconds',
      help: "From an interaction's arrival to Discord accepting its first answer (reply, defer or update).",
      labelNames: ['kind'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
      registers,
    })
    this.moves = new Counter({
      name: 'bot_moves_total',
      help: 'Moves applied, by game and by whom (member, ai, deadline).',
      labelNames: ['game', 'by'],
      registers,
    })
    this.discordRequests = new Counter({
      name: 'bot_discord_requests_total',
      help: 'Requests to Discord by route class and status (2xx, 3xx, 4xx, 429, 5xx, error).',
      labelNames: ['route', 'status'],
      registers,
    })
    this.discordRateLimited = new Counter({
      name: 'bot_discord_rate_limited_total',
      help: "Discord's 429 answers by scope (global, user, shared) and route class.",
      labelNames: ['scope', 'route'],
      registers,
    })
    this.budgetWaitSeconds = new Histogram({
      name: 'bot_discord_budget_wait_seconds',
      help: "A channel request's wait for its place in the global budget, by lane (create, edit, delete).",
      labelNames: ['lane'],
      buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    })
    this.transactionSeconds = new Histogram({
      name: 'bot_db_transaction_seconds',
      help: 'Database transactions from begin to commit or rollback.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    })
    this.transactionErrors = new Counter({
      name: 'bot_db_transaction_errors_total',
      help: 'Transactions that failed with a database error (a refused move is no error).',
      registers,
    })
    this.aiDecisionSeconds = new Histogram({
      name: 'bot_ai_decision_seconds',
      help: "An AI seat's decision, by game.",
      labelNames: ['game'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    })
    this.outboxPending = new Gauge({
      name: 'bot_outbox_pending',
      help: 'Table effects written but not yet shown on Discord.',
      registers,
    })
    this.outboxOldestSeconds = new Gauge({
      name: 'bot_outbox_oldest_seconds',
      help: 'Age of the oldest effect not yet shown on Discord (0 when none).',
      registers,
    })
    this.openTables = new Gauge({
      name: 'bot_open_tables',
      help: 'Open tables by game and state (lobby, playing).',
      labelNames: ['game', 'state'],
      registers,
    })
    this.deadlinesOverdue = new Gauge({
      name: 'bot_deadlines_overdue',
      help: 'Tables whose turn deadline passed more than a minute ago without the automatic move.',
      registers,
    })
  }

  /** Labels every series with the shards this process runs (known once the client is made). */
  labelShards(ids: readonly number[]): void {
    this.registry.setDefaultLabels({ shard: ids.join(',') })
  }
}
