-- wrk script of the list bench (tests/bench/load-client.ts): requests the paths of PATHS_FILE in rotation with the
-- session cookie of COOKIE, and prints the figures as one JSON line at the end (latencies in microseconds).
local paths = {}
for line in io.lines(os.getenv("PATHS_FILE")) do paths[#paths + 1] = line end
local next_path = 0
wrk.headers["cookie"] = os.getenv("COOKIE")

request = function()
  next_path = next_path + 1
  return wrk.format("GET", paths[(next_path % #paths) + 1])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"p50_us":%d,"p99_us":%d,"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d}\n',
    latency:percentile(50), latency:percentile(99), summary.requests, summary.duration, e.status,
    e.connect + e.read + e.write + e.timeout))
end
