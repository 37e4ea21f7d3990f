-- Reads the state of many lease records, briefly: for 1024 instances starting together, each
-- watching 1024 records. KEYS: the records. Returns {epoch, versions, states}, where a state is
-- 'free' (freed by this server incarnation), 'unsettled' (free, but not freed by it), 'held', or
-- 'missing' (and its version 0).
local epoch = server_epoch()
local versions = {}
local states = {}
for i, key in ipairs(KEYS) do
	local row = redis.call('HMGET', key, 'holder', 'version', 'epoch')
	if not row[2] then
		versions[i] = '0'
		states[i] = 'missing'
	else
		versions[i] = row[2]
		if row[1] ~= '' then
			states[i] = 'held'
		elseif row[3] == epoch then
			states[i] = 'free'
		else
			states[i] = 'unsettled'
		end
	end
end
return {epoch, versions, states}
