-- wrk script for Server/short-links.sh: one scenario a run, from SCENARIO:
--   redirect  a desktop browser opens a short link to a web page: 302 to its web fallback, from the cache;
--   landing   an iPhone opens a short link into the app: 200, its landing page, from the cache;
--   uncached  a desktop browser opens one of LINKS short links, with the site's cache turned off: a store read each;
--   campaign  a desktop browser opens one of CAMPAIGN_LINKS (100,000) per-recipient links, camp-N, each once a
--             cycle, the cache on as in production: every visit misses it (the cache keeps 10,000), a store read each;
-- and, with SERVER_LOAD_MODE=plain, the same requests to a plain handler that answers 200 to every path.
-- It counts the answers by status; an answer other than the scenario's is an error.
local scenario = os.getenv("SCENARIO") or "redirect"
local links = tonumber(os.getenv("LINKS") or "1000")
local plain = os.getenv("SERVER_LOAD_MODE") == "plain"
local desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
local iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
local campaign_links = tonumber(os.getenv("CAMPAIGN_LINKS") or "100000")
local expected = plain and 200 or ({ redirect = 302, landing = 200, uncached = 302, campaign = 302 })[scenario]
-- wrk's -t: the campaign's links are shared out among the threads, so that no two visit the same link.
local thread_count = tonumber(os.getenv("THREADS") or "2")

local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local requests = {}
local next_index = 0
statuses = {}

function init(args)
  local agent = scenario == "landing" and iphone or desktop
  local count = scenario == "uncached" and links or scenario == "campaign" and campaign_links or 1
  local prefix = scenario == "campaign" and "/s/camp-" or "/s/link-"
  for i = 1, count do
    -- Spread over the links in a fixed shuffled order (7919 is prime, so i * 7919 mod count visits each once), so
    -- that neighbouring requests read different rows.
    local n = ((i * 7919) % count)
    if scenario ~= "campaign" or n % thread_count == id then
      requests[#requests + 1] = wrk.format("GET", prefix .. n, { ["User-Agent"] = agent,
        ["Host"] = "go.shop.example.com", ["Referer"] = "https://news.example.com/article" })
    end
  end
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts, parts, wrong = {}, {}, 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do counts[status] = (counts[status] or 0) + count end
  end
  for status, count in pairs(counts) do
    table.insert(parts, status .. "=" .. count)
    if status ~= expected then wrong = wrong + count end
  end
  table.sort(parts)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d seconds=%.1f rate=%.0f p50_us=%d p99_us=%d errors=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + wrong,
    table.concat(parts, ",")))
end
