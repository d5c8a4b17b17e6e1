CREATE TABLE "pipeline_issues" (
	"source_event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"file" text,
	"detail" jsonb NOT NULL,
	CONSTRAINT "pipeline_issues_source_event_id_position_pk" PRIMARY KEY("source_event_id","position")
);
--> statement-breakpoint
CREATE TABLE "pipeline_items" (
	"org" text NOT NULL,
	"item_key" text NOT NULL,
	"category" text NOT NULL,
	"current_event_id" uuid NOT NULL,
	"current_completed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_items_org_item_key_pk" PRIMARY KEY("org","item_key")
);
--> statement-breakpoint
CREATE TABLE "pipeline_outcomes" (
	"source_event_id" uuid PRIMARY KEY NOT NULL,
	"org" text NOT NULL,
	"item_key" text NOT NULL,
	"category" text NOT NULL,
	"item_id" text NOT NULL,
	"version" text NOT NULL,
	"run_id" text,
	"external_id" text,
	"outcome" text NOT NULL,
	"assessment" jsonb,
	"assessment_id" uuid,
	"error" jsonb,
	"attempts" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pipeline_issues" ADD CONSTRAINT "pipeline_issues_source_event_id_pipeline_outcomes_source_event_id_fk" FOREIGN KEY ("source_event_id") REFERENCES "public"."pipeline_outcomes"("source_event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_items" ADD CONSTRAINT "pipeline_items_current_event_id_pipeline_outcomes_source_event_id_fk" FOREIGN KEY ("current_event_id") REFERENCES "public"."pipeline_outcomes"("source_event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_issues_code_idx" ON "pipeline_issues" USING btree ("code");--> statement-breakpoint
CREATE INDEX "pipeline_outcomes_item_idx" ON "pipeline_outcomes" USING btree ("org","item_key","completed_at");--> statement-breakpoint
CREATE INDEX "pipeline_outcomes_run_idx" ON "pipeline_outcomes" USING btree ("run_id");