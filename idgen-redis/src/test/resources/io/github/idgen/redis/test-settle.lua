-- Test fixture: marks free lease records as freed by this server incarnation, as give-backs would
-- have. KEYS: the records. Returns how many it settled.
local epoch = server_epoch()
local settled = 0
for _, key in ipairs(KEYS) do
	if redis.call('HGET', key, 'holder') == '' then
		redis.call('HSET', key, 'epoch', epoch)
		settled = settled + 1
	end
end
return settled
