-- wrk script: PutItem only, each to a random key of the `bench` table's KEYS keys (an existing item
-- when the table was seeded with `seed_state FILE KEYS`), ~100-byte items.
--   wrk ... -s put.lua URL -- KEYS
-- Requests carry a SigV4-shaped Authorization header, as an SDK's would.

local auth = "AWS4-HMAC-SHA256 Credential=bench/20240101/us-east-1/dynamodb/aws4_request, " ..
             "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000"
local payload = string.rep("x", 64)
local counter = 0
local keys = 10000

function setup(thread)
  thread:set("id", math.random(1, 1000000))
end

function init(args)
  keys = tonumber(args[1]) or keys
  math.randomseed(os.time() + (id or 0))
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"TableName":"bench","Item":{"pk":{"S":"k%d"},"sk":{"N":"0"},"n":{"N":"%d"},"payload":{"S":"%s"}}}',
    math.random(keys), counter, payload)
  return wrk.format("POST", "/", {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810.PutItem",
    ["X-Amz-Date"] = "20240101T000000Z",
    ["Authorization"] = auth,
  }, body)
end
