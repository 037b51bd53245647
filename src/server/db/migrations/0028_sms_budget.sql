ALTER TABLE "sms_messages" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_recipient_idx" ON "sms_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_account_idx" ON "sms_messages" USING btree ("account_id","created_at");