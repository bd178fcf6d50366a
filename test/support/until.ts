// One polling wait for every test layer: tests wait for a state, never for a time.

/** Polls until `check` returns a truthy value and resolves with it, or fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
