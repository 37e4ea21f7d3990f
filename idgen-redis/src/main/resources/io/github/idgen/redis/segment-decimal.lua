-- Exact arithmetic on non-negative 64-bit decimals: Lua's numbers are doubles, exact only below 2^53,
-- and a tag's max_limit_id may be 9223372036854775807. A value is {high, low}: its digits above and
-- its last nine digits, each exact as a double.
local LONG_MAX = '9223372036854775807'

local function decimal(value)
	if type(value) ~= 'string' or not string.match(value, '^%d+$') then
		return nil
	end
	local digits = string.gsub(value, '^0+(%d)', '%1')
	if #digits > 19 or (#digits == 19 and digits > LONG_MAX) then
		return nil
	end
	local low = tonumber(string.sub(digits, -9))
	local high = (#digits > 9) and tonumber(string.sub(digits, 1, #digits - 9)) or 0
	return {high, low}
end

local function compare(a, b)
	if a[1] ~= b[1] then
		return (a[1] < b[1]) and -1 or 1
	end
	if a[2] ~= b[2] then
		return (a[2] < b[2]) and -1 or 1
	end
	return 0
end

local function plus(a, small)
	local low = a[2] + small
	return {a[1] + math.floor(low / 1000000000), low % 1000000000}
end

local function text(a)
	if a[1] == 0 then
		return string.format('%d', a[2])
	end
	return string.format('%d%09d', a[1], a[2])
end
