-- GET /health: the HTTP framework's floor (no token, no database).
--   wrk -t2 -c8 -d10s -s scripts/bench/wrk/health.lua http://127.0.0.1:8080/health
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "common.lua")
