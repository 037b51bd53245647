/**
 * A job each store instance runs now and then every `everyMs`, one round at a time: a long round delays the next
 * rather than overlapping it, and a failed round is reported and the next one runs. Returns how to stop it.
 */
export function repeatEvery(everyMs: number, round: () => Promise<unknown>, failed: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await round();
    } catch (error) {
      failed(error);
    }
    if (!stopped) timer = setTimeout(() => void run(), everyMs).unref();
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
