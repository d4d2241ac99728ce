-- name: upsert_integration
-- Connect, or connect again: a store already known to the account and environment
-- keeps its id (and created_by: who first connected it) and gets the new credential
-- (which is sealed for that id, hence the id check: a racing first connect that lost
-- makes the caller read the id and retry).
INSERT INTO integrations AS i (id, workspace_id, environment, platform, store_key, store_url, name,
                               currency, credentials, connected_via, created_by)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(platform)s, %(store_key)s, %(store_url)s,
        %(name)s, %(currency)s, %(credentials)s, %(connected_via)s, %(created_by)s)
ON CONFLICT (workspace_id, environment, platform, store_key) DO UPDATE
SET store_url = EXCLUDED.store_url, name = EXCLUDED.name, currency = EXCLUDED.currency,
    credentials = EXCLUDED.credentials, connected_via = EXCLUDED.connected_via,
    status = 'active', revoked_reason = NULL, revoked_at = NULL, updated_at = now()
WHERE i.id = EXCLUDED.id
RETURNING id, platform, store_key, store_url, name, currency, status, revoked_reason,
          revoked_at, connected_via, created_at, updated_at, created_by, credentials

-- name: integration_id_by_store
SELECT id FROM integrations
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND platform = %(platform)s
  AND store_key = %(store_key)s

-- name: integration_by_id
SELECT id, platform, store_key, store_url, name, currency, status, revoked_reason,
       revoked_at, connected_via, created_at, updated_at, created_by, credentials
FROM integrations
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: list_integrations
SELECT id, platform, store_key, store_url, name, currency, status, revoked_reason,
       revoked_at, connected_via, created_at, updated_at, created_by,
       NULL::bytea AS credentials
FROM integrations
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND (%(status)s::text IS NULL OR status = %(status)s::text)
ORDER BY id DESC
LIMIT 200

-- name: revoke_integration
-- The credential is erased (it no longer works, and should not be kept), and so are
-- the cached products; generated copy and links stay until the integration is deleted.
WITH revoked AS (
    UPDATE integrations
    SET status = 'revoked', credentials = NULL, revoked_reason = %(reason)s,
        revoked_at = now(), updated_at = now()
    WHERE id = %(id)s AND status = 'active'
    RETURNING id
),
dropped AS (
    DELETE FROM integration_products p USING revoked r WHERE p.integration_id = r.id
)
SELECT count(*) FROM revoked

-- name: revoke_shop
-- Shopify's app/uninstalled: every integration installed through our app for that shop.
WITH revoked AS (
    UPDATE integrations
    SET status = 'revoked', credentials = NULL, revoked_reason = %(reason)s,
        revoked_at = now(), updated_at = now()
    WHERE platform = 'shopify' AND store_key = %(shop)s AND connected_via = 'oauth'
      AND status = 'active'
    RETURNING id
),
dropped AS (
    DELETE FROM integration_products p USING revoked r WHERE p.integration_id = r.id
)
SELECT count(*) FROM revoked

-- name: delete_integration
-- Cached products and generated copy go with it (ON DELETE CASCADE); links stay.
DELETE FROM integrations
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
RETURNING id

-- name: product_link_ids
SELECT link_id FROM product_links
WHERE integration_id = %(id)s AND link_id IS NOT NULL

-- name: cache_products
INSERT INTO integration_products (integration_id, product_id, data, fetched_at)
SELECT %(integration_id)s, product_id, data, now()
FROM unnest(%(ids)s::text[], %(data)s::jsonb[]) AS p (product_id, data)
ON CONFLICT (integration_id, product_id) DO UPDATE
SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at

-- name: cached_product
SELECT data FROM integration_products
WHERE integration_id = %(integration_id)s AND product_id = %(product_id)s
  AND fetched_at > now() - make_interval(secs => %(max_age)s)

-- name: claim_product_link
-- The first generation for this product and UTM set claims the row; link_id stays
-- NULL until it has made the short link.
INSERT INTO product_links (id, integration_id, workspace_id, environment, product_id,
                           utm_source, utm_medium, utm_campaign, claimed_at)
VALUES (%(id)s, %(integration_id)s, %(workspace_id)s, %(environment)s, %(product_id)s,
        %(utm_source)s, %(utm_medium)s, %(utm_campaign)s, now())
ON CONFLICT (integration_id, product_id, utm_source, utm_medium, utm_campaign) DO NOTHING
RETURNING id

-- name: take_over_product_link
-- An existing row needs a new link when its link was deleted, or when the generation
-- that claimed it died before making one. One caller wins (the row lock decides).
UPDATE product_links p SET link_id = NULL, claimed_at = now(), updated_at = now()
WHERE p.integration_id = %(integration_id)s AND p.product_id = %(product_id)s
  AND p.utm_source = %(utm_source)s AND p.utm_medium = %(utm_medium)s
  AND p.utm_campaign = %(utm_campaign)s
  AND ((p.link_id IS NULL AND p.claimed_at < now() - make_interval(secs => %(stale)s))
       OR (p.link_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM links l WHERE l.id = p.link_id AND l.deleted_at IS NULL)))
RETURNING id

-- name: product_link_by_key
SELECT id, link_id FROM product_links
WHERE integration_id = %(integration_id)s AND product_id = %(product_id)s
  AND utm_source = %(utm_source)s AND utm_medium = %(utm_medium)s
  AND utm_campaign = %(utm_campaign)s

-- name: write_copy
-- The link (new or kept) and the copy just generated.
UPDATE product_links
SET link_id = %(link_id)s, claimed_at = NULL, generator = %(generator)s, model = %(model)s,
    copy = %(copy)s, options = %(options)s, updated_at = now()
WHERE id = %(id)s AND (link_id IS NULL OR link_id = %(link_id)s)
RETURNING id

-- name: release_claim
-- A generation that claimed a row but could not make its link: a new row goes, an
-- existing one is freed for the next try.
WITH gone AS (
    DELETE FROM product_links WHERE id = %(id)s AND link_id IS NULL AND copy IS NULL
    RETURNING id
)
UPDATE product_links SET claimed_at = NULL
WHERE id = %(id)s AND link_id IS NULL AND NOT EXISTS (SELECT 1 FROM gone)

-- name: list_product_links
-- Newest first. The link itself is read through the links domain (it may be deleted).
SELECT id, product_id, link_id, utm_source, utm_medium, utm_campaign, generator, model, copy,
       options, created_at, updated_at
FROM product_links
WHERE integration_id = %(integration_id)s AND copy IS NOT NULL
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
  AND (%(id)s::text IS NULL OR id = %(id)s::text)
ORDER BY id DESC
LIMIT %(limit)s

-- name: take_generation
-- One AI generation of the month, if the account has one left (atomic across processes).
INSERT INTO ai_generations AS g (workspace_id, month, count)
VALUES (%(workspace_id)s, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 1)
ON CONFLICT (workspace_id, month) DO UPDATE SET count = g.count + 1
WHERE g.count < %(limit)s
RETURNING count

-- name: give_back_generation
UPDATE ai_generations SET count = count - 1
WHERE workspace_id = %(workspace_id)s AND month = date_trunc('month', now() AT TIME ZONE 'UTC')::date
  AND count > 0
