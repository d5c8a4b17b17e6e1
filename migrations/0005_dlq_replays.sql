CREATE TABLE "dlq_replays" (
	"letter_event_id" uuid PRIMARY KEY NOT NULL,
	"item_key" text NOT NULL,
	"reason" text NOT NULL,
	"replay_event_id" uuid NOT NULL,
	"run_id" text NOT NULL,
	"replayed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
