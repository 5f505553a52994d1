-- wrk script for Server/claims.sh: one scenario a run, from SCENARIO:
--   claim   an iPhone opens a short link's landing page, then taps "Get the app": the page (200) gives a token, and
--           the store redirect (302) makes its claim, a write to the store each;
--   redeem  the app redeems the claims of TOKENS (a file, a token a line), each once, then again (409, counted);
-- and, with SERVER_LOAD_MODE=plain, the same requests to a plain handler that answers 200 to every path.
local scenario = os.getenv("SCENARIO") or "claim"
local plain = os.getenv("SERVER_LOAD_MODE") == "plain"
local iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"

-- wrk's threads each have a Lua state of their own: `index` is set in each by setup, and THREADS (2) is how many.
local threads = {}
local thread_count = tonumber(os.getenv("THREADS") or "2")
local count = 0
function setup(thread)
  thread:set("index", count)
  count = count + 1
  table.insert(threads, thread)
end

statuses = {}
local landing
local pending = {}
local tokens = {}
local next_token = 0

function init(args)
  landing = wrk.format("GET", "/s/bench", { ["User-Agent"] = iphone, ["Host"] = "go.shop.example.com" })
  if scenario == "redeem" then
    -- Each thread takes every `count`-th token, so that no two threads send one token.
    local n = 0
    for line in io.lines(os.getenv("TOKENS")) do
      if n % thread_count == index then table.insert(tokens, line) end
      n = n + 1
    end
  end
end

function request()
  if scenario == "redeem" then
    next_token = next_token % math.max(#tokens, 1) + 1
    local body = '{"token":"' .. (tokens[next_token] or "") .. '"}'
    return wrk.format("POST", "/api/claims/redeem", { ["Content-Type"] = "application/json" }, body)
  end
  local path = table.remove(pending)
  if path then return wrk.format("GET", path, { ["User-Agent"] = iphone, ["Host"] = "go.shop.example.com" }) end
  return landing
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if scenario == "claim" and status == 200 then
    local path = body:match('id="get%-the%-app" href="([^"]+)"')
    if path then table.insert(pending, (path:gsub("&amp;", "&"))) end
  end
end

function done(summary, latency, requests)
  local counts, parts, wrong = {}, {}, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + n end
  end
  local expected = plain and { [200] = true } or (scenario == "claim" and { [200] = true, [302] = true }
    or { [200] = true, [409] = true })
  for status, n in pairs(counts) do
    table.insert(parts, status .. "=" .. n)
    if not expected[status] then wrong = wrong + n end
  end
  table.sort(parts)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d seconds=%.1f rate=%.0f p50_us=%d p99_us=%d errors=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + wrong,
    table.concat(parts, ",")))
end
