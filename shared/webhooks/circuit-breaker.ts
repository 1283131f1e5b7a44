/**
 * A per-endpoint circuit breaker: an endpoint that keeps failing stops taking delivery workers. After
 * FAILURES_TO_OPEN failures in a row its circuit opens and its deliveries wait; when the wait ends, one delivery
 * goes through as a probe (claimed, so only one) and the wait starts again, doubled, unless the probe succeeds,
 * which closes the circuit. Any success closes it.
 */
export const FAILURES_TO_OPEN = 5;
const FIRST_WAIT_SECONDS = 60;
const LONGEST_WAIT_SECONDS = 3_600;
/** The webhook time scale shrinks the wait in tests; below this it would not hold anything back. */
const SHORTEST_WAIT_SECONDS = 1;

export interface CircuitState {
  readonly failure_streak: number;
  /** How many times in a row the circuit opened (or a probe was claimed) since it last closed. */
  readonly circuit_opens: number;
  /** While set and in the future, deliveries wait; once past, the next delivery is the probe. */
  readonly circuit_open_until: string | null;
}

export const CLOSED: CircuitState = { failure_streak: 0, circuit_opens: 0, circuit_open_until: null };

/** The wait after the n-th opening (1-based): 60 s, doubling, at most an hour; scaled like the retry schedule. */
export function waitSeconds(opens: number, scale = 1): number {
  return Math.max(SHORTEST_WAIT_SECONDS, Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.max(0, opens - 1)) * scale);
}

export type Gate = { readonly kind: 'send' } | { readonly kind: 'probe' } | { readonly kind: 'wait'; readonly until: string };

/** What a delivery to an endpoint in this state does now: go, go as the probe, or wait. */
export function gateOf(state: CircuitState, nowMs: number): Gate {
  if (!state.circuit_open_until) return { kind: 'send' };
  if (Date.parse(state.circuit_open_until) > nowMs) return { kind: 'wait', until: state.circuit_open_until };
  return { kind: 'probe' };
}

export function circuitView(state: CircuitState, nowMs: number) {
  const gate = gateOf(state, nowMs);
  return {
    state: gate.kind === 'send' ? ('closed' as const) : gate.kind === 'wait' ? ('open' as const) : ('half_open' as const),
    failure_streak: state.failure_streak,
    retry_at: state.circuit_open_until,
  };
}
