-- Claims a record. KEYS[1]: the record. ARGV: [1] the epoch the caller read it in, [2] the version it
-- read, [3] '1' if the caller watched that version stand still for a whole lease timeout in that
-- epoch (a takeover), [4] the claimer's token, [5] its instance name, [6] its process, [7] the mark,
-- [8] how far ahead the mark is, [9] the new version, which is also the claim's id.
-- Returns {'CLAIMED'}, {'HELD'} (someone may hold it), {'CHANGED'} (read it again) or {'MISSING'}.
local epoch = server_epoch()
local row = redis.call('HMGET', KEYS[1], 'holder', 'version', 'epoch')
if not row[2] then
	return {'MISSING'}
end
if epoch ~= ARGV[1] or row[2] ~= ARGV[2] then
	return {'CHANGED'}
end
-- free is trusted only if it was written by this server incarnation
local settled_free = row[1] == '' and row[3] == epoch
if not settled_free and ARGV[3] ~= '1' then
	return {'HELD'}
end
redis.call('HSET', KEYS[1], 'holder', ARGV[4], 'claim', ARGV[9], 'version', ARGV[9], 'epoch', epoch, 'mark', ARGV[7],
	'ahead', ARGV[8], 'instance', ARGV[5], 'process', ARGV[6], 'marked_by', ARGV[9], 'updated', now_millis())
return {'CLAIMED'}
