-- Unit codes (issue 37): every measure of a stored table structure gets `unitCode` (SDMX CL_UNIT)
-- and `unitMult` (CL_UNIT_MULT, a power of ten), read from its French unit label by the rules of
-- guessUnit (lib/tables/units.ts): « millions de francs CFA » is XOF × 10^6, « base 100 = 2020 »
-- IX, « % » PC, « habitants » PS, anything else N. Measures that already have codes are kept.
CREATE FUNCTION pg_temp.unit_codes(measure jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN measure ? 'unitCode' AND measure ? 'unitMult' THEN measure ELSE measure || jsonb_build_object(
    'unitCode', COALESCE(measure->>'unitCode', CASE
      WHEN l ~ '(franc|fcfa|xof)' THEN 'XOF'
      WHEN l ~ '\meuros?\M' THEN 'EUR'
      WHEN l ~ 'dollar' THEN 'USD'
      WHEN l ~ '(indice|base 100|\mindex\M)' THEN 'IX'
      WHEN l ~ 'points? de pourcentage' THEN 'PT'
      WHEN l ~ '(^%$|pour ?cent|pourcentage)' THEN 'PC'
      WHEN l ~ '(habitant|personne|individu|population)' THEN 'PS'
      WHEN l ~ 'm[eé]nage' THEN 'HH'
      WHEN l ~ 'tonne' THEN 'T'
      WHEN l ~ 'hectare' THEN 'HA'
      WHEN l ~ '(km2|km²|kilom[eè]tres? carr[eé]s?)' THEN 'KM2'
      ELSE 'N' END),
    'unitMult', COALESCE((measure->>'unitMult')::int, CASE
      WHEN l ~ '\mmilliards?\M' THEN 9
      WHEN l ~ '\mmillions?\M' THEN 6
      WHEN l ~ '\mmilliers?\M' THEN 3
      ELSE 0 END)) END
  FROM (SELECT lower(trim(COALESCE(measure->'unit'->>'fr', ''))) AS l) AS label
$$;
--> statement-breakpoint
UPDATE "data_table_versions" SET "structure" = jsonb_set("structure", '{measures}',
  (SELECT COALESCE(jsonb_agg(pg_temp.unit_codes(m) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements("structure"->'measures') WITH ORDINALITY AS e(m, n)))
WHERE jsonb_typeof("structure"->'measures') = 'array';
--> statement-breakpoint
UPDATE "data_table_imports" SET "structure" = jsonb_set("structure", '{measures}',
  (SELECT COALESCE(jsonb_agg(pg_temp.unit_codes(m) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements("structure"->'measures') WITH ORDINALITY AS e(m, n)))
WHERE jsonb_typeof("structure"->'measures') = 'array';
