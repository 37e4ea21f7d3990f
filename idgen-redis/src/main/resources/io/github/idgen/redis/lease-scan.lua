-- Reads the state of many lease records, briefly: for 1024 instances starting together, each
-- watching 1024 records. KEYS: the records. Returns {epoch, states}: states holds one line per record,
-- '<version> <state>', the state being 'free' (freed by this server incarnation), 'unsettled' (free,
-- but not freed by it), 'held', or 'missing' (with version 0); one string, not 1024 replies.
local epoch = server_epoch()
local lines = {}
for i, key in ipairs(KEYS) do
	local row = redis.call('HMGET', key, 'holder', 'version', 'epoch')
	if not row[2] then
		lines[i] = '0 missing'
	elseif row[1] ~= '' then
		lines[i] = row[2] .. ' held'
	elseif row[3] == epoch then
		lines[i] = row[2] .. ' free'
	else
		lines[i] = row[2] .. ' unsettled'
	end
end
return {epoch, table.concat(lines, '\n')}
