/**
 * Says in the server's log when this process stopped answering for a while: an event-loop turn
 * longer than `EVENT_LOOP_WARN_MS` (every connection of the process waits that long, as a reader
 * sees a page load late or a load generator counts a timeout), with the longest garbage-collection
 * pause of the same second, so a stall is told from a collection. One line per second at most.
 * Started by the production server in each process; `EVENT_LOOP_WARN_MS=0` turns it off.
 */
import { monitorEventLoopDelay, PerformanceObserver, type EventLoopUtilization, performance } from 'node:perf_hooks';

export type Stall = { delayMs: number; gcMs: number; busy: number };

/** Checks once a second; `report` gets each second whose longest turn went past `warnMs`. */
export function watchStalls(warnMs: number, report: (stall: Stall) => void = logStall): () => void {
  if (warnMs <= 0) return () => {};
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs = Math.max(gcMs, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  let usage: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const delayMs = delay.max / 1e6;
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, usage).utilization;
    usage = now;
    if (delayMs >= warnMs) report({ delayMs, gcMs, busy });
    delay.reset();
    gcMs = 0;
  }, 1_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
    gc.disconnect();
  };
}

function logStall({ delayMs, gcMs, busy }: Stall): void {
  console.warn(
    `Processus ${process.pid} bloqué ${Math.round(delayMs)} ms d'un coup ` +
      `(ramasse-miettes : ${Math.round(gcMs)} ms au plus ; occupé ${Math.round(busy * 100)} % de la seconde).`,
  );
}
