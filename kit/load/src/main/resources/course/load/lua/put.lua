-- Canonical course workload for wrk2 (written by ./course load --tool wrk2; edit the kit copy, not the extracted one).
-- Script arguments (after --): keys, key order (sequential|uniform), key width, seed, query suffix ("-" for none),
-- value size, put ratio, thread count. Keys look like k0000123, as with the built-in generator.
local keys, order, width, seed, suffix, value_size, put_ratio = 100000, "uniform", 7, 1, "", 100, 0.1
local counter, value, threads = 0, "", 1
local thread_count = 0

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  keys = tonumber(args[1]) or keys
  order = args[2] or order
  width = tonumber(args[3]) or width
  seed = tonumber(args[4]) or seed
  if args[5] and args[5] ~= "-" then suffix = args[5] end
  value_size = tonumber(args[6]) or value_size
  put_ratio = tonumber(args[7]) or put_ratio
  threads = tonumber(args[8]) or threads
  local id = tid or 0
  math.randomseed(seed + id)
  counter = id
  value = string.rep("v", value_size)
end

local function next_key()
  local i
  if order == "sequential" then
    i = counter % keys
    counter = counter + threads
  else
    i = math.random(0, keys - 1)
  end
  return string.format("k%0" .. width .. "d", i)
end

local function path()
  return "/v0/entity?id=" .. next_key() .. suffix
end

request = function()
  return wrk.format("PUT", path(), nil, value)
end
