CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"banner_image" text DEFAULT '' NOT NULL,
	"show_in_banner" text DEFAULT 'No' NOT NULL,
	"show_in_categories" text DEFAULT 'Yes' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_parent" text DEFAULT 'No' NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"delivery_fee" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"error_id" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"source" text DEFAULT 'browser' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_gateway" text NOT NULL,
	"payment_status" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"delivery_location_id" integer,
	"delivery_address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"subtotal" integer NOT NULL,
	"delivery_fee" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"merchant_reference" text NOT NULL,
	"gateway_reference" text DEFAULT '' NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"metric" text DEFAULT 'Piece' NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"price_1" integer NOT NULL,
	"price_2" integer,
	"feature_photo" text DEFAULT '' NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user" integer,
	"category" integer NOT NULL,
	"sub_category" integer,
	"supplier" integer,
	"url" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"in_stock" smallint DEFAULT 1 NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"p_type" text DEFAULT 'No' NOT NULL,
	"has_colors" text DEFAULT 'No' NOT NULL,
	"colors" text DEFAULT '' NOT NULL,
	"has_sizes" text DEFAULT 'No' NOT NULL,
	"sizes" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"average_rating" real DEFAULT 0 NOT NULL,
	"items_sold" integer DEFAULT 0 NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"home_section_1" smallint DEFAULT 0 NOT NULL,
	"home_section_2" smallint DEFAULT 0 NOT NULL,
	"home_section_3" smallint DEFAULT 0 NOT NULL,
	"stripe_id" text DEFAULT '' NOT NULL,
	"stripe_price" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price_1" > 0),
	CONSTRAINT "products_stock_bounds" CHECK ("products"."items_sold" >= 0 AND "products"."items_sold" <= "products"."total_items")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"verified_purchase" smallint DEFAULT 0 NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"session_id" text,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT 'Vendor' NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"dob" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"profile_photo" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"twitter" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"tiktok" text DEFAULT '' NOT NULL,
	"youtube" text DEFAULT '' NOT NULL,
	"linkedin" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"business_license_number" text DEFAULT '' NOT NULL,
	"business_license_issue_authority" text DEFAULT '' NOT NULL,
	"business_license_issue_date" text DEFAULT '' NOT NULL,
	"business_license_validity" text DEFAULT '' NOT NULL,
	"business_address" text DEFAULT '' NOT NULL,
	"business_phone_number" text DEFAULT '' NOT NULL,
	"business_whatsapp" text DEFAULT '' NOT NULL,
	"business_email" text DEFAULT '' NOT NULL,
	"business_logo" text DEFAULT '' NOT NULL,
	"business_cover_photo" text DEFAULT '' NOT NULL,
	"nin" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"approved" smallint DEFAULT 0 NOT NULL,
	"complete_profile" smallint DEFAULT 0 NOT NULL,
	"newsletter" smallint DEFAULT 0 NOT NULL,
	"reg_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_location_id_delivery_locations_id_fk" FOREIGN KEY ("delivery_location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_id_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sub_category_categories_id_fk" FOREIGN KEY ("sub_category") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_users_id_fk" FOREIGN KEY ("supplier") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "error_reports_created_idx" ON "error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_reference_idx" ON "payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 1 AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_active_category_idx" ON "products" USING btree ("category","created_at","id") WHERE "products"."status" = 1 AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_active_sub_category_idx" ON "products" USING btree ("sub_category","created_at","id") WHERE "products"."status" = 1 AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price_1","id") WHERE "products"."status" = 1 AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_active_supplier_idx" ON "products" USING btree ("supplier") WHERE "products"."status" = 1 AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_supplier_idx" ON "products" USING btree ("supplier");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "search_history_user_idx" ON "search_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "search_history_session_idx" ON "search_history" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_type_status_idx" ON "users" USING btree ("user_type","status","approved");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_user_product_idx" ON "wishlist_items" USING btree ("user_id","product_id");