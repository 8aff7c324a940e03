-- Pulls of full pages: GET /v1/boards/{board}/operations?after=X&limit=1000, with X drawn at
-- random from 0 to head - 1000 on each request, so every page holds 1,000 operations and the
-- pages come from all over the board.
--
--   PM_BENCH_HEAD=100000 wrk -t2 -c8 -d10s -s scripts/bench/wrk/pull.lua \
--       -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8080/v1/boards/BOARD/operations
--
-- PM_BENCH_HEAD: the board's head seq (at least 1000); PM_BENCH_LIMIT: the page size (1000).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")

local head = tonumber(os.getenv("PM_BENCH_HEAD") or "")
local limit = tonumber(os.getenv("PM_BENCH_LIMIT") or "1000")
assert(head and head >= limit, "set PM_BENCH_HEAD to the board's head seq (at least the page size)")

local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("seed", threads)
end

local path
function init(args)
    math.randomseed(12345 + (seed or 0) * 7919)
    path = wrk.path .. "?limit=" .. limit .. "&after="
end

function request()
    return wrk.format("GET", path .. math.random(0, head - limit))
end
