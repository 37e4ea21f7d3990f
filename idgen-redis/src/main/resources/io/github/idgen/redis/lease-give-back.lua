-- Frees the record of one lease: only that lease's, never a later claim of the same holder.
-- KEYS[1]: the record. ARGV: [1] the holder's token, [2] the claim id, [3] the new version.
-- Returns 1 if freed, 0 if the record no longer names that lease.
-- The record is settled free in this server incarnation: the next claimer may take it at once.
local epoch = server_epoch()
local row = redis.call('HMGET', KEYS[1], 'holder', 'claim')
if row[1] ~= ARGV[1] or row[2] ~= ARGV[2] then
	return 0
end
redis.call('HSET', KEYS[1], 'holder', '', 'version', ARGV[3], 'epoch', epoch, 'updated', now_millis())
return 1
