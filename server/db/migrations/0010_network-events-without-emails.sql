-- Posts reach every member without their author's email (decision 005); events stored before
-- that change are replayed to reconnecting browsers for up to a day, so they lose it too.
UPDATE "network_events" SET "data" = jsonb_set("data", '{post,user,email}', 'null'::jsonb) WHERE "data" #> '{post,user,email}' IS NOT NULL AND "data" #> '{post,user,email}' <> 'null'::jsonb;
