-- Store integrations and AI-written product copy (issue 10).
--
-- An integration is one connected store (Shopify or WooCommerce) of an account
-- and environment. Its credential is sealed with AES-256-GCM (the integration id
-- is the associated data) and erased when the store refuses it or the app is
-- uninstalled: the integration is then 'revoked' until it is connected again.
-- Deleting an integration deletes its cached products and generated copy
-- (ON DELETE CASCADE); the short links it made are ordinary links and stay.

CREATE TABLE integrations (
    id             text COLLATE "C" PRIMARY KEY,
    user_id        text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment    text NOT NULL CHECK (environment IN ('live', 'test')),
    platform       text NOT NULL CHECK (platform IN ('shopify', 'woocommerce')),
    -- Which store: the shop's myshopify.com host, or the WooCommerce site URL.
    store_key      text NOT NULL,
    store_url      text NOT NULL,
    name           text NOT NULL,
    currency       text,
    status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
    revoked_reason text,
    revoked_at     timestamptz,
    -- The sealed credential (admin/integrations/repository.py); NULL once revoked.
    credentials    bytea,
    connected_via  text NOT NULL CHECK (connected_via IN ('token', 'oauth')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, environment, platform, store_key),
    CHECK (status = 'revoked' OR credentials IS NOT NULL)
);
-- Shopify's app/uninstalled webhook names the shop only.
CREATE INDEX integrations_store_idx ON integrations (platform, store_key);

-- Products as last read from the store, so generating copy needs no second call.
CREATE TABLE integration_products (
    integration_id text COLLATE "C" NOT NULL REFERENCES integrations ON DELETE CASCADE,
    product_id     text COLLATE "C" NOT NULL,
    data           jsonb NOT NULL,
    fetched_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (integration_id, product_id)
);

-- One row per product and UTM set: its short link and the copy last generated.
-- link_id is NULL while a generation creates the link (claimed_at says since when).
CREATE TABLE product_links (
    id             text COLLATE "C" PRIMARY KEY,
    integration_id text COLLATE "C" NOT NULL REFERENCES integrations ON DELETE CASCADE,
    user_id        text COLLATE "C" NOT NULL,
    environment    text NOT NULL CHECK (environment IN ('live', 'test')),
    product_id     text COLLATE "C" NOT NULL,
    utm_source     text NOT NULL,
    utm_medium     text NOT NULL,
    utm_campaign   text NOT NULL,
    link_id        text COLLATE "C",
    claimed_at     timestamptz,
    generator      text CHECK (generator IN ('ai', 'template')),
    model          text,
    copy           jsonb,
    options        jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (integration_id, product_id, utm_source, utm_medium, utm_campaign)
);
CREATE INDEX product_links_list_idx ON product_links (integration_id, id);

-- AI generations per account and calendar month (UTC), for the monthly quota.
CREATE TABLE ai_generations (
    user_id text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    month   date NOT NULL,
    count   integer NOT NULL CHECK (count >= 0),
    PRIMARY KEY (user_id, month)
);
