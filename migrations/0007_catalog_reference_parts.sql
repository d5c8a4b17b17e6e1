CREATE TABLE "catalog_reference_parts" (
	"version_id" integer NOT NULL,
	"category" text NOT NULL,
	"part" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_reference_parts_version_id_category_part_pk" PRIMARY KEY("version_id","category","part")
);
--> statement-breakpoint
-- Each stored document becomes its text in parts of 262,144 characters (256 KB of ASCII), as the
-- catalog repository writes them; jsonb's text is the same value.
INSERT INTO "catalog_reference_parts" ("version_id", "category", "part", "text", "created_at")
SELECT r."version_id", r."category", p."part", substr(r."references"::text, p."part" * 262144 + 1, 262144), r."created_at"
FROM "catalog_references" r
CROSS JOIN LATERAL generate_series(0, (length(r."references"::text) - 1) / 262144) AS p("part");--> statement-breakpoint
DROP TABLE "catalog_references" CASCADE;--> statement-breakpoint
ALTER TABLE "catalog_reference_parts" ADD CONSTRAINT "catalog_reference_parts_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE no action ON UPDATE no action;