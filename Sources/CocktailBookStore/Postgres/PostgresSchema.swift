import Logging
import PostgresNIO

/// The PostgreSQL schema, as ordered migrations: like SQLite's, append-only — a shipped
/// migration is never edited, a change is a new one at the end of ``migrations``.
enum PostgresSchema {
    /// A constant key for `pg_advisory_xact_lock`: instances starting together migrate one at a time.
    static let migrationLock: Int64 = 0x636F_636B_7461_696C // "cocktail"

    static let migrations: [(name: String, sql: [String])] = [
        (
            "v1: catalog, accounts, sessions, tokens, favorites, settings, imports, bar",
            [
                """
                CREATE TABLE catalog_cocktail (
                    id text PRIMARY KEY, position integer NOT NULL, name text NOT NULL, payload bytea NOT NULL)
                """,
                "CREATE TABLE catalog_fetch (id integer PRIMARY KEY CHECK (id = 1), fetched_at timestamptz NOT NULL)",
                """
                CREATE TABLE account (
                    id bigserial PRIMARY KEY, name text NOT NULL, role text NOT NULL CHECK (role IN ('admin', 'member', 'guest')),
                    password_hash text NOT NULL, created_at timestamptz NOT NULL)
                """,
                "CREATE UNIQUE INDEX account_name ON account (lower(name))",
                """
                CREATE TABLE session (
                    token_hash text PRIMARY KEY, account_id bigint NOT NULL REFERENCES account ON DELETE CASCADE,
                    created_at timestamptz NOT NULL, last_seen_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE api_token (
                    id bigserial PRIMARY KEY, account_id bigint NOT NULL REFERENCES account ON DELETE CASCADE,
                    token_hash text NOT NULL UNIQUE, prefix text NOT NULL, label text, created_at timestamptz NOT NULL, last_used_at timestamptz)
                """,
                "CREATE INDEX api_token_prefix ON api_token (prefix)",
                // No foreign key to the catalog on purpose: a favorite outlives its cocktail leaving it.
                """
                CREATE TABLE favorite (
                    owner_id bigint NOT NULL, cocktail_id text NOT NULL, added_at timestamptz NOT NULL, PRIMARY KEY (owner_id, cocktail_id))
                """,
                "CREATE TABLE account_settings (account_id bigint PRIMARY KEY REFERENCES account ON DELETE CASCADE, value text NOT NULL)",
                """
                CREATE TABLE imported_cocktail (
                    origin text NOT NULL, id text NOT NULL, name text NOT NULL, payload bytea NOT NULL, imported_at timestamptz NOT NULL,
                    PRIMARY KEY (origin, id))
                """,
                "CREATE INDEX imported_cocktail_id ON imported_cocktail (id)",
                """
                CREATE TABLE imported_image (
                    source_url text PRIMARY KEY, file_name text NOT NULL, content_type text NOT NULL, imported_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE bar_bottle (
                    owner_id bigint NOT NULL, value text NOT NULL, added_at timestamptz NOT NULL, PRIMARY KEY (owner_id, value))
                """,
                "CREATE TABLE bar_always (owner_id bigint NOT NULL, value text NOT NULL, PRIMARY KEY (owner_id, value))",
                """
                CREATE TABLE bar_rule (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, use text NOT NULL, instead_of text NOT NULL,
                    both_ways boolean NOT NULL DEFAULT false, UNIQUE (owner_id, use, instead_of))
                """,
                """
                CREATE TABLE shopping_item (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, value text NOT NULL, cocktail_ids text NOT NULL DEFAULT '',
                    bought boolean NOT NULL DEFAULT false, added_at timestamptz NOT NULL, UNIQUE (owner_id, value))
                """,
            ]
        ),
        // Pictures live in the database, so that every instance serves every picture.
        (
            "v2: imported pictures' bytes",
            [
                "CREATE TABLE picture (file_name text PRIMARY KEY, bytes bytea NOT NULL, stored_at timestamptz NOT NULL DEFAULT now())"
            ]
        ),
        // Builds between v2 and v3 cached the catalog in a binary form of their own: the cache is
        // emptied (the source fills it again) so that it is JSON throughout.
        (
            "v3: the cached catalog as JSON only",
            [
                """
                DO $$ BEGIN
                    IF EXISTS (SELECT 1 FROM catalog_cocktail WHERE get_byte(payload, 0) <> 123) THEN
                        DELETE FROM catalog_cocktail;
                        DELETE FROM catalog_fetch;
                    END IF;
                END $$
                """
            ]
        ),
        (
            "v4: the source's fingerprint of the cached catalog",
            ["ALTER TABLE catalog_fetch ADD COLUMN source_digest text"]
        ),
        (
            "v5: the book's own recipes and their versions, notes, ratings and drinks made",
            [
                """
                CREATE TABLE recipe (
                    id bigserial PRIMARY KEY, author_id bigint NOT NULL, version integer NOT NULL,
                    created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, deleted_at timestamptz,
                    deleted_by bigint, payload bytea NOT NULL)
                """,
                """
                CREATE TABLE recipe_version (
                    recipe_id bigint NOT NULL REFERENCES recipe ON DELETE CASCADE, number integer NOT NULL,
                    saved_at timestamptz NOT NULL, saved_by bigint NOT NULL, saved_by_name text, summary text NOT NULL,
                    payload bytea NOT NULL, PRIMARY KEY (recipe_id, number))
                """,
                "CREATE TABLE custom_ingredient (name text NOT NULL, added_at timestamptz NOT NULL)",
                "CREATE UNIQUE INDEX custom_ingredient_name ON custom_ingredient (lower(name))",
                """
                CREATE TABLE cocktail_note (
                    owner_id bigint NOT NULL, cocktail_id text NOT NULL, text text NOT NULL,
                    updated_at timestamptz NOT NULL, PRIMARY KEY (owner_id, cocktail_id))
                """,
                """
                CREATE TABLE rating (
                    owner_id bigint NOT NULL, cocktail_id text NOT NULL, stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
                    rated_at timestamptz NOT NULL, PRIMARY KEY (owner_id, cocktail_id))
                """,
                """
                CREATE TABLE made_it (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, cocktail_id text NOT NULL,
                    made_at timestamptz NOT NULL, servings integer NOT NULL, note text)
                """,
                "CREATE INDEX made_it_owner ON made_it (owner_id, cocktail_id)",
            ]
        ),
        (
            "v6: lists of drinks, their entries and share links",
            [
                """
                CREATE TABLE drink_list (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, name text NOT NULL,
                    created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, share_token text UNIQUE,
                    share_created_at timestamptz, share_expires_at timestamptz)
                """,
                "CREATE INDEX drink_list_owner ON drink_list (owner_id)",
                """
                CREATE TABLE drink_list_entry (
                    list_id bigint NOT NULL REFERENCES drink_list ON DELETE CASCADE, cocktail_id text NOT NULL,
                    position integer NOT NULL, note text, added_at timestamptz NOT NULL, PRIMARY KEY (list_id, cocktail_id))
                """,
            ]
        ),
        (
            "v7: batches of house-made ingredients, the stock of bottles and what each making took",
            [
                """
                CREATE TABLE house_batch (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, value text NOT NULL,
                    ml double precision NOT NULL, made_at timestamptz NOT NULL)
                """,
                "CREATE INDEX house_batch_owner ON house_batch (owner_id, value)",
                """
                CREATE TABLE bar_stock (
                    owner_id bigint NOT NULL, value text NOT NULL, ml double precision, bottle_ml double precision,
                    low_ml double precision, price_minor bigint, currency text, updated_at timestamptz NOT NULL,
                    PRIMARY KEY (owner_id, value))
                """,
                """
                CREATE TABLE stock_use (
                    id bigserial PRIMARY KEY, owner_id bigint NOT NULL, made_id bigint NOT NULL, value text NOT NULL,
                    ml double precision NOT NULL)
                """,
                "CREATE INDEX stock_use_made ON stock_use (owner_id, made_id)",
            ]
        ),
        (
            "v8: why a shopping list item is there (a party's line)",
            ["ALTER TABLE shopping_item ADD COLUMN reason text"]
        ),
        (
            "v9: a list's menu may follow a bar",
            [
                "ALTER TABLE drink_list ADD COLUMN menu_shelf_owner_id bigint",
                "ALTER TABLE drink_list ADD COLUMN menu_hides_unavailable boolean NOT NULL DEFAULT false",
            ]
        ),
        (
            "v10: house recipes written in the book and their versions",
            [
                """
                CREATE TABLE house_recipe (
                    key text PRIMARY KEY, author_id bigint NOT NULL, version integer NOT NULL,
                    created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, deleted_at timestamptz,
                    payload bytea NOT NULL)
                """,
                """
                CREATE TABLE house_recipe_version (
                    key text NOT NULL REFERENCES house_recipe (key) ON DELETE CASCADE, number integer NOT NULL,
                    saved_at timestamptz NOT NULL, saved_by bigint NOT NULL, saved_by_name text, summary text NOT NULL,
                    payload bytea NOT NULL, PRIMARY KEY (key, number))
                """,
            ]
        ),
        (
            "v11: what a drink made took from a batch, and what making a batch took",
            [
                "ALTER TABLE stock_use ADD COLUMN batch_id bigint",
                "ALTER TABLE stock_use ADD COLUMN for_batch_id bigint",
                "CREATE INDEX stock_use_for_batch ON stock_use (owner_id, for_batch_id)",
            ]
        ),
        (
            "v12: menu prices of lists' drinks, a menu's price display and pour cost, the book's currency",
            [
                "ALTER TABLE drink_list_entry ADD COLUMN price_minor bigint",
                "ALTER TABLE drink_list ADD COLUMN menu_prices text NOT NULL DEFAULT 'auto'",
                "ALTER TABLE drink_list ADD COLUMN pour_cost_percent integer",
                "CREATE TABLE book_setting (key text PRIMARY KEY, value text NOT NULL)",
            ]
        ),
        (
            "v13: the answers to requests with an Idempotency-Key, per account for a day",
            idempotencyMigration
        ),
        ("v14: what each API token may do, and when it stops working", tokenScopeMigration(timestamp: "timestamptz")),
        ("v15: a menu in the list's own order", menuOrderMigration),
        (
            "v16: accounts' e-mail addresses and their identities at OpenID providers",
            identityMigration(timestamp: "timestamptz")
        ),
        (
            "v17: imports waiting for their review, and kept a day to be undone",
            pendingImportMigration(bytes: "bytea", timestamp: "timestamptz")
        ),
    ]

    /// An uploaded export with its review: applied (or not) by its id, undone within a day;
    /// the same statement for SQLite and PostgreSQL.
    static func pendingImportMigration(bytes: String, timestamp: String) -> [String] {
        [
            """
            CREATE TABLE pending_import (
                id text PRIMARY KEY, owner_id bigint NOT NULL, file_name text NOT NULL, format text NOT NULL,
                payload \(bytes) NOT NULL, created_at \(timestamp) NOT NULL, applied_at \(timestamp),
                undone_at \(timestamp))
            """
        ]
    }

    /// An account's e-mail address (unique, case-insensitively) and the (issuer, subject) pairs
    /// an OpenID Connect provider signs it in by; the same statements for SQLite and PostgreSQL.
    static func identityMigration(timestamp: String) -> [String] {
        [
            "ALTER TABLE account ADD COLUMN email text",
            "CREATE UNIQUE INDEX account_email ON account (lower(email))",
            """
            CREATE TABLE account_identity (
                issuer text NOT NULL, subject text NOT NULL,
                account_id bigint NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                linked_at \(timestamp) NOT NULL, PRIMARY KEY (issuer, subject))
            """,
            "CREATE INDEX account_identity_account ON account_identity (account_id)",
        ]
    }

    /// A list's menu order (`style` or `list`), the same statement for SQLite and PostgreSQL.
    static let menuOrderMigration = ["ALTER TABLE drink_list ADD COLUMN menu_order text NOT NULL DEFAULT 'style'"]

    /// Applies the migrations not applied yet, each in the one transaction that records it.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger
            )
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM schema_migration", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }

    /// Tokens get a scope and an expiry; those made before write, an admin's administer and a
    /// guest's read (what each role's tokens could do until then, bar account management).
    static func tokenScopeMigration(timestamp: String) -> [String] {
        [
            "ALTER TABLE api_token ADD COLUMN scope text NOT NULL DEFAULT 'write'",
            "ALTER TABLE api_token ADD COLUMN expires_at \(timestamp)",
            "UPDATE api_token SET scope = 'admin' WHERE account_id IN (SELECT id FROM account WHERE role = 'admin')",
            "UPDATE api_token SET scope = 'read' WHERE account_id IN (SELECT id FROM account WHERE role = 'guest')",
        ]
    }

    static let idempotencyMigration = [
        """
        CREATE TABLE idempotency_key (
            owner_id bigint NOT NULL, key text NOT NULL, request_hash text NOT NULL,
            created_at timestamptz NOT NULL, status integer, headers text, body bytea,
            PRIMARY KEY (owner_id, key))
        """
    ]
}
