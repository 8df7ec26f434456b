-- Admin user search for a term with "@" in it (an address): a match's local part ends with the
-- term's part before the "@", a prefix of the reversed local part, which this B-tree finds
-- directly. The trigram index would intersect the trigrams every address shares (the domain).
CREATE INDEX IF NOT EXISTS "users_email_local_reversed_idx" ON "users" USING btree (reverse(lower(split_part("email", '@', 1))) text_pattern_ops);
