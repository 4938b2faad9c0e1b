-- wrk: every request a different search on the English page (a word of the demo content and a number nobody wrote).
local words = { "prix", "recensement", "population", "commerce", "indice", "production", "emploi", "annuaire" }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/en/recherche?q=" .. words[(counter % #words) + 1] .. "+" .. math.random(1, 1e9))
end
