-- wrk: every request a different address nothing answers, French and English in turn.
local counter = 0
request = function()
  counter = counter + 1
  local prefix = (counter % 2 == 0) and "/en" or ""
  return wrk.format("GET", prefix .. "/introuvable-" .. math.random(1, 1e9) .. "/" .. counter)
end
