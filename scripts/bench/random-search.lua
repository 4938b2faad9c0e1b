-- wrk: every request a different search (a word of the demo content and a number nobody wrote).
local words = { "prix", "recensement", "population", "commerce", "indice", "production", "emploi", "annuaire" }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/recherche?q=" .. words[(counter % #words) + 1] .. "+" .. math.random(1, 1e9))
end
