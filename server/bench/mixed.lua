-- wrk script: the mixed workload of the server benchmark.
--   40% PutItem (1,000 keys, ~100-byte items), 40% GetItem (same keys), 20% Query of a 20-item partition.
-- Requests carry a SigV4-shaped Authorization header, as an SDK's would.

local auth = "AWS4-HMAC-SHA256 Credential=bench/20240101/us-east-1/dynamodb/aws4_request, " ..
             "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000"
local payload = string.rep("x", 64)
local counter = 0

function setup(thread)
  thread:set("id", math.random(1, 1000000))
end

function init(args)
  math.randomseed(os.time() + (id or 0))
end

local function call(action, body)
  local headers = {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. action,
    ["X-Amz-Date"] = "20240101T000000Z",
    ["Authorization"] = auth,
  }
  return wrk.format("POST", "/", headers, body)
end

function request()
  counter = counter + 1
  local r = math.random(100)
  local k = math.random(1000)
  if r <= 40 then
    return call("PutItem", string.format(
      '{"TableName":"bench","Item":{"pk":{"S":"k%d"},"sk":{"N":"0"},"n":{"N":"%d"},"payload":{"S":"%s"}}}',
      k, counter, payload))
  elseif r <= 80 then
    return call("GetItem", string.format('{"TableName":"bench","Key":{"pk":{"S":"k%d"},"sk":{"N":"0"}}}', k))
  else
    return call("Query",
      '{"TableName":"bench","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"hot"}}}')
  end
end
