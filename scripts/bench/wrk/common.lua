-- Shared by the wrk scripts of scripts/bench/server: one machine-readable result line.
--
-- wrk calls done() once, in its main Lua state, after the run; the line it prints is what
-- scripts/bench/server reads (wrk's own report above it is kept in the results file).
-- Durations are microseconds in wrk; the line gives seconds and milliseconds.

function done(summary, latency, requests)
    local errors = summary.errors
    local seconds = summary.duration / 1e6
    io.write(string.format(
        "wrk-result requests=%d seconds=%.3f rps=%.2f non2xx=%d connect=%d read=%d write=%d timeout=%d " ..
        "latency_mean_ms=%.3f latency_p50_ms=%.3f latency_p90_ms=%.3f latency_p99_ms=%.3f latency_max_ms=%.3f\n",
        summary.requests, seconds, summary.requests / seconds, errors.status, errors.connect, errors.read,
        errors.write, errors.timeout, latency.mean / 1000, latency:percentile(50) / 1000,
        latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
