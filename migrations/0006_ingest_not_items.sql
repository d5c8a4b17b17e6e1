CREATE TABLE "ingest_not_items" (
	"source" text NOT NULL,
	"path" text NOT NULL,
	"problem" text NOT NULL,
	"files" integer NOT NULL,
	"example" text NOT NULL,
	"message" text NOT NULL,
	"run_id" text,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ingest_not_items_source_path_pk" PRIMARY KEY("source","path")
);
