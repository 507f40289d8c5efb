-- Canonical course workload for wrk2. ./course load --tool wrk2 writes get.lua, put.lua, mixed.lua and delete.lua
-- from this one file, each with its own workload on the line marked below; edit this file, not an extracted one.
-- Script arguments (after --): keys, key order (sequential|uniform), key width, seed, query suffix ("-" for none),
-- value size, put ratio, thread count. Keys look like k0000123, as with the built-in generator.
local keys, order, width, seed, suffix, value_size, put_ratio = 100000, "uniform", 7, 1, "", 100, 0.1
local counter, value, threads = 0, "", 1
local thread_count = 0
local workload = "get" -- the workload: get | put | mixed | delete (set per extracted script)

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

-- One request function per workload, chosen once when the script loads (no test per request).
local requests = {
  get = function()
    return wrk.format("GET", path())
  end,
  put = function()
    return wrk.format("PUT", path(), nil, value)
  end,
  mixed = function()
    if math.random() < put_ratio then
      return wrk.format("PUT", path(), nil, value)
    end
    return wrk.format("GET", path())
  end,
  delete = function()
    return wrk.format("DELETE", path())
  end,
}

request = requests[workload]
