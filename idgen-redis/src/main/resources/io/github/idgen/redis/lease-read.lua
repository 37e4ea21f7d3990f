-- Reads lease records. KEYS: the records. Returns {epoch, rows}; a row is
-- {holder, claim, version, epoch, mark, ahead, instance, process, marked_by}, or false for a missing record.
local epoch = server_epoch()
local rows = {}
for i, key in ipairs(KEYS) do
	local row = redis.call('HMGET', key, 'holder', 'claim', 'version', 'epoch', 'mark', 'ahead', 'instance', 'process',
		'marked_by')
	if row[3] then
		rows[i] = row
	else
		rows[i] = false
	end
end
return {epoch, rows}
