/**
 * The canvas library allocates each picture's pixels with its own allocator (mimalloc), which
 * gives the memory back to the system between pictures. Where Linux's transparent huge pages are
 * on for every process ("always"), the next picture then faults in fresh 2 MB pages that the kernel
 * clears first: reading a hand picture's pixels took 5.4 ms instead of 0.3 in processes that hit
 * it, and a busy bot's answers waited on it (docs/images.md). The allocator reads this setting
 * when the library loads, so it is set before (canvas.ts); an operator's own value is kept (an
 * empty one, as .env.example leaves it, is none).
 */
if (!process.env.MIMALLOC_ALLOW_THP) process.env.MIMALLOC_ALLOW_THP = '0'
