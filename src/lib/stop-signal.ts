/** Resolves on the first SIGINT (Ctrl-C) or SIGTERM. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
}
