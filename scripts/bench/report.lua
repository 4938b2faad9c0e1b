-- wrk: one line the bench script reads: requests/s, p50, p95, p99 (ms), non-2xx/3xx answers, errors.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.1f %.1f %.1f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.errors.status, errors))
end
