CREATE TABLE "ingest_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"start_after" text,
	"passes_completed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_published_versions" (
	"source" text NOT NULL,
	"item_key" text NOT NULL,
	"version" text NOT NULL,
	"event_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_published_versions_source_item_key_version_pk" PRIMARY KEY("source","item_key","version")
);
