-- Pushes of batches of new operations: POST /v1/boards/{board}/operations with 1,000
-- operations that the server has never seen, so every request stores 1,000 operations (a
-- repeated id would only measure the idempotent path that answers the stored seq).
--
--   PM_BENCH_RUN=$RANDOM wrk -t2 -c8 -d10s -s scripts/bench/wrk/push.lua \
--       -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8080/v1/boards/BOARD/operations
--
-- Ids are lowercase UUID strings made of the run id (PM_BENCH_RUN, 32 bits: use a new one for
-- each run against the same database), wrk's thread number, a kind digit and a per-thread
-- counter: RRRRRRRR-TTTT-4KKK-8000-CCCCCCCCCCCC. Every thread's Lua state has its own counter,
-- and its connections share it, so no two requests of a run repeat an id.
--
-- A batch is what a device's outbox holds after some work: 200 groups of five operations, each
-- group creating two cards (title, status, deadline; one in four with a description) and then
-- editing them three times (a move to DOING, a new title, a move to DONE): 400 new cards and
-- 600 edits per batch. Clocks rise by one millisecond per operation.
--
-- PM_BENCH_DUMP_BODY=FILE writes the body thread 0 would send (a thread number wrk never
-- uses) to FILE and exits before connecting, so the body can be checked with curl first.
-- PM_BENCH_BATCH sets the operations per request (default 1000, a multiple of 5).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")

local run = tonumber(os.getenv("PM_BENCH_RUN") or "1") % 4294967296
local batch = tonumber(os.getenv("PM_BENCH_BATCH") or "1000")
assert(batch % 5 == 0 and batch >= 5, "PM_BENCH_BATCH must be a positive multiple of 5")
local baseWallTime = 1763683200000 -- 2025-11-21T00:00:00Z

local function uuid(thread, kind, n)
    return string.format("%08x-%04x-4%03x-8000-%012x", run, thread, kind, n)
end

local statuses = { "todo", "doing" }
local deadlines = { "2026-01-15", "2026-02-28", "2026-03-31", "2026-06-30", "2025-12-24" }

-- One request body: `count` new operations numbered from `first` on thread `thread`.
function makeBody(thread, first, count)
    local device = uuid(thread, 3, 0)
    local parts = {}
    local n = first
    local function op(card, fields)
        local text = string.format(
            '{"id":"%s","projectId":"%s","timestamp":{"wallTime":%d,"counter":0,"device":"%s"},"fields":{%s}}',
            uuid(thread, 1, n), uuid(thread, 2, card), baseWallTime + n, device, fields)
        parts[#parts + 1] = text
        n = n + 1
    end
    for _ = 1, count / 5 do
        local a, b = n, n + 1 -- card numbers: the number of the operation that creates them
        for _, card in ipairs({ a, b }) do
            local fields = string.format('"title":"Bench card %d review 배포 Q3","status":"%s","deadline":"%s"',
                card, statuses[card % 2 + 1], deadlines[card % 5 + 1])
            if card % 4 == 0 then
                fields = fields .. ',"description":"Collect the figures, check them with the team and send the notes."'
            end
            op(card, fields)
        end
        op(a, '"status":"doing"')
        op(b, string.format('"title":"Bench card %d, renamed"', b))
        op(a, '"status":"done"')
    end
    return "{\"operations\":[" .. table.concat(parts, ",") .. "]}"
end

local dump = os.getenv("PM_BENCH_DUMP_BODY")
if dump then
    local file = assert(io.open(dump, "w"))
    file:write(makeBody(0, 0, batch))
    file:close()
    os.exit(0)
end

local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("thread_number", threads)
end

local counter = 0
function init(args)
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
end

function request()
    local body = makeBody(thread_number, counter, batch)
    counter = counter + batch
    return wrk.format("POST", nil, nil, body)
end
