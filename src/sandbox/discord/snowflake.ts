import type { Clock } from '../../lib/clock.js'

const DISCORD_EPOCH = 1_420_070_400_000n

/**
 * Snowflakes carry their creation time like Discord's (discord.js reads `createdTimestamp` from
 * them), taken from the fake's clock; a counter keeps them unique and increasing.
 */
export function snowflakes(clock: Clock): () => string {
  let last = 0n
  return () => {
    const fromTime = (BigInt(Math.floor(clock.now())) - DISCORD_EPOCH) << 22n
    last = fromTime > last ? fromTime : last + 1n
    return last.toString()
  }
}
