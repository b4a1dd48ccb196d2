import type { Clock } from './clock.js'
import { Lru } from './lru.js'

/** How many interactions a member may send: a burst, refilled at a steady rate. */
export interface MemberRate {
  /** Interactions a member may send at once (the bucket's size). */
  readonly burst: number
  /** Interactions a second the bucket refills by. */
  readonly perSecond: number
}

/** Ten at once, then two a second: more than any player clicks, far less than a script. */
export const DEFAULT_MEMBER_RATE: MemberRate = { burst: 10, perSecond: 2 }

/** Members remembered at once; one forgotten starts again with a full bucket. */
const MEMBERS_KEPT = 50_000

/**
 * A token bucket per member (keyed by server and user): each interaction takes a token, tokens
 * come back at `perSecond` up to `burst`. One member clicking without pause is refused past the
 * burst and never fills the bot's queue ahead of the other players.
 */
export class MemberLimit {
  private readonly buckets = new Lru<string, { tokens: number; at: number }>(MEMBERS_KEPT)

  constructor(
    private readonly clock: Clock,
    private readonly rate: MemberRate = DEFAULT_MEMBER_RATE,
  ) {}

  /** Takes a token for `member`: false when it has none left (refuse the interaction). */
  take(member: string): boolean {
    const now = this.clock.now()
    const bucket = this.buckets.get(member) ?? { tokens: this.rate.burst, at: now }
    // A clock that went back refills nothing, and takes nothing away.
    const elapsed = Math.max(0, now - bucket.at)
    bucket.tokens = Math.min(this.rate.burst, bucket.tokens + (elapsed / 1000) * this.rate.perSecond)
    bucket.at = now
    const allowed = bucket.tokens >= 1
    if (allowed) bucket.tokens -= 1
    this.buckets.set(member, bucket)
    return allowed
  }
}
