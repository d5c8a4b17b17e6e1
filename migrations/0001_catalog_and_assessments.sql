CREATE TABLE "assessment_images" (
	"assessment_id" uuid NOT NULL,
	"image_index" integer NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"filename" text
);
--> statement-breakpoint
CREATE TABLE "assessment_issues" (
	"assessment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"section" text,
	"image_index" integer,
	"item_index" integer
);
--> statement-breakpoint
CREATE TABLE "assessment_items" (
	"assessment_id" uuid NOT NULL,
	"item_index" integer NOT NULL,
	"sections" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"category" text NOT NULL,
	"external_id" text,
	"status" text NOT NULL,
	"summary" jsonb NOT NULL,
	"catalog_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_entries" (
	"version_id" integer NOT NULL,
	"category" text NOT NULL,
	"entry_id" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_entries_version_id_category_entry_id_pk" PRIMARY KEY("version_id","category","entry_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_references" (
	"version_id" integer NOT NULL,
	"category" text NOT NULL,
	"references" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_references_version_id_category_pk" PRIMARY KEY("version_id","category")
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"source" text NOT NULL,
	"digest" text NOT NULL,
	"entry_counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_images" ADD CONSTRAINT "assessment_images_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_issues" ADD CONSTRAINT "assessment_issues_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_catalog_version_id_catalog_versions_id_fk" FOREIGN KEY ("catalog_version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_entries" ADD CONSTRAINT "catalog_entries_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_references" ADD CONSTRAINT "catalog_references_version_id_catalog_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_images_assessment_idx" ON "assessment_images" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_issues_assessment_idx" ON "assessment_issues" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessment_items_assessment_idx" ON "assessment_items" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessments_org_idx" ON "assessments" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_references_version_idx" ON "catalog_references" USING btree ("version_id");