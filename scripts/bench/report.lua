-- wrk: one line the bench scripts read: requests/s, p50, p95, p99 (ms), non-2xx/3xx answers, errors
-- (connect, read, write, timeout), then the timed-out requests alone (wrk's --timeout, 2 s by default).
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.1f %.1f %.1f %d %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors,
    summary.errors.timeout))
end
