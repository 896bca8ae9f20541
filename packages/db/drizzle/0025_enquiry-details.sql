ALTER TABLE "inquiries" ADD COLUMN "parent_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "age" smallint;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_age_range" CHECK ("inquiries"."age" BETWEEN 0 AND 120);--> statement-breakpoint
-- The data move (decision 0036): before this migration an enquiry's parent_name, dob and age were kept in the last line of its remark, written by the former enquiryRemark as `<message>\n\n[enquiry details] {"parent_name":…,"dob":…,"age":…}` (the line alone when the message was empty). Rows ending in exactly that line get their columns from it and lose the line; any other remark is left as it is. The pattern takes only JSON that PostgreSQL reads (no \u0000, no lone surrogate), a dob that is not a real date stays null, an age outside 0-120 stays null: no row can fail the migration.
UPDATE "inquiries" AS i
SET "remark" = coalesce(d.m[1], ''),
    "parent_name" = d.m[2]::jsonb ->> 'parent_name',
    "dob" = CASE
      WHEN d.m[3] IS NOT NULL
        AND substr(d.m[3], 1, 4)::int >= 1
        AND substr(d.m[3], 6, 2)::int BETWEEN 1 AND 12
        AND substr(d.m[3], 9, 2)::int BETWEEN 1 AND 31
      THEN CASE
        WHEN to_char(make_date(substr(d.m[3], 1, 4)::int, substr(d.m[3], 6, 2)::int, 1) + (substr(d.m[3], 9, 2)::int - 1), 'YYYY-MM-DD') = d.m[3]
        THEN d.m[3]::date
      END
    END,
    "age" = CASE
      WHEN d.m[4] = 'null' THEN NULL
      WHEN d.m[4]::int BETWEEN 0 AND 120 THEN d.m[4]::smallint
    END
FROM (
  SELECT "id", regexp_match(
    "remark",
    '^(?:(.*)\n\n)?\[enquiry details\] (\{"parent_name":"(?:[^"\\[:cntrl:]]|\\["\\/bfnrt]|\\u(?!0000|[dD][89a-fA-F])[0-9a-fA-F]{4})*","dob":"([0-9]{4}-[0-9]{2}-[0-9]{2})?","age":(null|[0-9]{1,3})\})$'
  ) AS m
  FROM "inquiries"
  WHERE "remark" LIKE '%[enquiry details] {%'
) AS d
WHERE i."id" = d."id" AND d.m IS NOT NULL;
