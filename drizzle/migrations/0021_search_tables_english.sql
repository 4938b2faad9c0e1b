-- Tables (0020) in the English search (0018): a table's English title, description, source,
-- method, notes and the English labels of its dimensions fill the English columns of its search
-- document; a table without an English title is searched in French on the English pages, as any
-- untranslated item. The function is 0018's with one more branch.
CREATE OR REPLACE FUNCTION search_fill_english() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  t jsonb := '{}'::jsonb;
  item integer;
  r record;
begin
  new.title_en := ''; new.summary_en := ''; new.body_en := '';
  if new.source = 'pages' then
    select coalesce(p.translations->'en', '{}'::jsonb) into t from pages p where p.key = new.source_id;
    new.title_en := coalesce(t->>'title', '');
    new.body_en := search_plain(t->>'body');
  elsif new.source_id ~ '^[0-9]{1,9}$' then
    item := new.source_id::integer;
    if new.source = 'publications' then
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.fields->>'number' as number into r from publications x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if coalesce(trim(t->>'summary'), '') <> '' or coalesce(trim(t->>'periodLabel'), '') <> '' then
          new.summary_en := concat_ws(' ', nullif(trim(t->>'summary'), ''), nullif(trim(t->>'periodLabel'), ''), r.number);
        end if;
        new.body_en := search_plain(t->>'body');
      end if;
    elsif new.source = 'news' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from news x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := coalesce(t->>'excerpt', '');
      new.body_en := search_plain(t->>'body');
    elsif new.source = 'events' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from events x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := concat_ws(' ', nullif(trim(t->>'summary'), ''), nullif(trim(t->>'place'), ''));
      new.body_en := search_plain(t->>'body');
    elsif new.source = 'galleries' then
      select coalesce(x.translations->'en', '{}'::jsonb) into t from galleries x where x.id = item;
      new.title_en := coalesce(t->>'title', '');
      new.summary_en := coalesce(t->>'description', '');
      new.body_en := coalesce((
        select string_agg(concat_ws(' ', nullif(trim(i.translations->'en'->>'caption'), ''), nullif(trim(i.translations->'en'->>'alt'), '')), ' '
                          order by i.position)
        from gallery_images i where i.gallery_id = item), '');
    elsif new.source = 'tenders' then
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.reference into r from tenders x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if coalesce(trim(t->>'summary'), '') <> '' then new.summary_en := concat_ws(' ', r.reference, trim(t->>'summary')); end if;
        new.body_en := search_plain(t->>'body');
      end if;
    elsif new.source = 'series' then
      -- The code stays in the English summary: codes match in both languages.
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.code into r from series x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'label', '');
        if new.title_en <> '' then
          new.summary_en := concat_ws(' ', r.code, nullif(trim(t->>'unit'), ''), nullif(trim(t->>'basePeriod'), ''), nullif(trim(t->>'source'), ''));
        end if;
        new.body_en := coalesce(t->>'methodology', '');
      end if;
    elsif new.source = 'tables' then
      -- The code stays in the English summary (codes match in both languages); the body has the
      -- English labels of the dimensions and their values, as the latest public version has them.
      select coalesce(x.translations->'en', '{}'::jsonb) as t, x.code,
             (select string_agg(concat_ws(' ', d->'label'->>'en',
                       (select string_agg(v->'label'->>'en', ' ') from jsonb_array_elements(d->'values') v)), ' ')
                from jsonb_array_elements(
                  (select tv.structure from data_table_versions tv
                    where tv.table_id = x.id and search_table_version_public(tv) order by tv.number desc limit 1)->'dimensions') d) as labels
        into r from data_tables x where x.id = item;
      if found then
        t := r.t;
        new.title_en := coalesce(t->>'title', '');
        if new.title_en <> '' then
          new.summary_en := concat_ws(' ', r.code, nullif(trim(t->>'description'), ''), nullif(trim(t->>'source'), ''));
          new.body_en := left(concat_ws(' ', nullif(trim(t->>'method'), ''), nullif(trim(t->>'notes'), ''), r.labels), 200000);
        end if;
      end if;
    end if;
  end if;
  new.title_en := trim(coalesce(new.title_en, ''));
  new.summary_en := trim(coalesce(new.summary_en, ''));
  new.body_en := trim(coalesce(new.body_en, ''));
  if new.title_en <> '' or new.summary_en <> '' or new.body_en <> '' then
    insert into search_words_en (word)
    select distinct w from regexp_split_to_table(
      lower(unaccent('unaccent', concat_ws(' ', new.title_en, new.summary_en, new.body_en))), '[^a-z0-9]+') w
    where length(w) between 3 and 40
    on conflict do nothing;
  end if;
  return new;
end $$;
--> statement-breakpoint
-- Tables indexed before this migration get their English columns.
UPDATE search_documents SET source = source WHERE source = 'tables';
