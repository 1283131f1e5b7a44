/**
 * How many DynamoDB round trips a request waited on one after another: calls made side by side (a quota count
 * beside a read, the BatchGetItem of a Promise.all) count once. This is the figure the request's latency follows
 * on AWS, where each round trip costs a network hop; the number of calls is what it pays for.
 */
export interface CallSpan {
  readonly start: number;
  readonly end: number;
}

/** The longest chain of calls each of which started only after the one before it ended. */
export function sequentialRoundTrips(spans: readonly CallSpan[]): number {
  const byStart = [...spans].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  byStart.forEach((span, index) => {
    let before = 0;
    for (let earlier = 0; earlier < index; earlier++) if (byStart[earlier]!.end <= span.start) before = Math.max(before, depth[earlier]!);
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

/** Records the span of every call sent through `stack` (an SDK client's middleware stack) while a recording runs. */
export function recordCallSpans(stack: { add: (middleware: any, options: { step: 'initialize'; name: string }) => void }) {
  let spans: CallSpan[] | undefined;
  stack.add(
    (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
      const start = performance.now();
      try {
        return await next(args);
      } finally {
        spans?.push({ start, end: performance.now() });
      }
    },
    { step: 'initialize', name: 'callSpans' },
  );
  return {
    /** The sequential round trips of what `work` sent. */
    async during<T>(work: () => Promise<T>): Promise<{ readonly result: T; readonly sequential: number }> {
      spans = [];
      try {
        const result = await work();
        return { result, sequential: sequentialRoundTrips(spans) };
      } finally {
        spans = undefined;
      }
    },
  };
}
