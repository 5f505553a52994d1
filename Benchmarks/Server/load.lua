-- wrk script for Server/run.sh: every connection cycles through the same mix of requests (association files,
-- landing pages, fallback redirects and hostile links, all with Accept: text/html), counts the answers by status,
-- and stops after MAX_REQUESTS a thread, whatever the time left.
-- Each path with the status SwitchyardServer answers it with (the plain handler answers 200 to all).
local mix = {
  { "/.well-known/apple-app-site-association", 200 },
  { "/.well-known/assetlinks.json", 200 },
  { "/product/1988/reviews?ref=mail", 200 },                      -- landing page
  { "/category/shoes/page/2", 200 },                              -- landing page
  { "/help/shipping/returns", 200 },                              -- landing page
  { "/product/1988?utm_source=mail", 302 },                       -- the web fallback
  { "/p/42", 302 },                                               -- a redirect route, then its fallback
  { "/item/7", 302 },                                             -- a redirect route, then its fallback
  { "/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E/reviews", 200 }, -- hostile: a landing page, escaped
  { "/product/%FF%FE", 404 },                                     -- hostile: not UTF-8
  { "/product/../account/delete", 404 },                          -- hostile: a dot segment
  { "/product/7?x=%0D%0ASet-Cookie:%20a=b", 404 },                -- hostile: control characters
  { "/help/" .. string.rep("a", 5000), 404 },                     -- hostile: over the file's length limit
  { "/nowhere", 404 },                                            -- no route: the 404 page
}
local MAX_REQUESTS = 20000000

local threads = {}
function setup(thread) table.insert(threads, thread) end

local requests = {}
local next_index = 0
statuses = {}  -- global: done() reads it from each thread
local answered = 0

function init(args)
  for i, entry in ipairs(mix) do
    requests[i] = wrk.format("GET", entry[1], { ["Accept"] = "text/html", ["Host"] = "shop.example.com" })
  end
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  answered = answered + 1
  if answered >= MAX_REQUESTS then wrk.thread:stop() end
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + count end
  end
  -- An error is a socket error, or a status count further from the mix than the requests in flight (64) explain.
  local share = {}
  for _, entry in ipairs(mix) do
    local status = os.getenv("SERVER_LOAD_MODE") == "plain" and 200 or entry[2]
    share[status] = (share[status] or 0) + 1 / #mix
  end
  local answered, parts, wrong = 0, {}, 0
  for status, count in pairs(counts) do answered = answered + count end
  for status, fraction in pairs(share) do counts[status] = counts[status] or 0 end
  for status, count in pairs(counts) do
    table.insert(parts, status .. "=" .. count)
    local off = math.abs(count - answered * (share[status] or 0))
    if off > 64 then wrong = wrong + math.floor(off) end
  end
  table.sort(parts)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d seconds=%.1f rate=%.0f p50_us=%d p99_us=%d errors=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + wrong,
    table.concat(parts, ",")))
end
