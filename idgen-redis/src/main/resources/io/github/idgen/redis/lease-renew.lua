-- Renews a lease. KEYS[1]: the record. ARGV: [1] the holder's token, [2] the claim id, [3] the new
-- version, [4] the holder's last written mark, [5] how far ahead it was written, [6] instance name,
-- [7] process. Returns 1 if the record still names this lease, else 0.
-- A record that no longer names the lease (taken over, or restored from older data) is left with
-- the holder's promise: its mark is raised to the holder's (or the record created, unsettled, if it
-- vanished), so a successor still waits for the ids this holder issued. Raising a mark never settles
-- a record: it only makes successors wait longer. The mark is stamped with this lease's claim id
-- (marked_by): a holder whose token the record carries again (restored from an older copy) then knows
-- that another lease's ids may lie up to that mark.
local epoch = server_epoch()
local row = redis.call('HMGET', KEYS[1], 'holder', 'claim', 'mark')
if row[1] == ARGV[1] and row[2] == ARGV[2] then
	redis.call('HSET', KEYS[1], 'version', ARGV[3], 'epoch', epoch, 'updated', now_millis())
	return 1
end
if not row[3] then
	redis.call('HSET', KEYS[1], 'holder', '', 'claim', '0', 'version', ARGV[3], 'epoch', '', 'mark', ARGV[4],
		'ahead', ARGV[5], 'instance', ARGV[6], 'process', ARGV[7], 'marked_by', ARGV[2], 'updated', now_millis())
elseif tonumber(row[3]) < tonumber(ARGV[4]) then
	redis.call('HSET', KEYS[1], 'version', ARGV[3], 'mark', ARGV[4], 'ahead', ARGV[5], 'instance', ARGV[6],
		'process', ARGV[7], 'marked_by', ARGV[2], 'updated', now_millis())
end
return 0
