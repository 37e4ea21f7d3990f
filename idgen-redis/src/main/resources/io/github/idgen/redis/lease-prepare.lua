-- Creates the missing records of a range, free and unsettled (epoch ''): a record that was missing
-- may have vanished with a holder's claim, so nobody claims it before it stood still for a lease
-- timeout. KEYS: the records. ARGV[1]: a random base for the new records' versions.
-- Returns how many were created.
local created = 0
local now = now_millis()
for i, key in ipairs(KEYS) do
	if redis.call('EXISTS', key) == 0 then
		redis.call('HSET', key, 'holder', '', 'claim', '0', 'version', string.format('%d', tonumber(ARGV[1]) + i),
			'epoch', '', 'mark', '0', 'ahead', '0', 'instance', '', 'process', '', 'marked_by', '0',
			'updated', now)
		created = created + 1
	end
end
return created
