import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { displayName } from "../../../lib/display-name";
import type { InviteTree, TopReferrer } from "../../../lib/schemas/referral-tree";
import type { Database } from "../../db";
import { referralLinks, referralUses, users } from "../../db/schema";
import { AppError } from "../../errors";

/** Invitees listed per member on the admin view; beyond these the view gives the total only. */
export const INVITEES_SHOWN = 50;
/** Invitees of each invitee listed (the second level). */
export const SECOND_LEVEL_SHOWN = 10;
const TOP_REFERRERS = 10;

type PersonRow = {
  id: string;
  email: string;
  userType: "personal" | "company";
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
};

const person = (row: PersonRow) => ({
  id: row.id,
  name: displayName(row, "") || null,
  email: row.email,
  userType: row.userType,
});

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The members whose registrations used a link of one of `ownerIds`, at most `shown` per owner in
 * the order they joined, with each owner's total. One query: a window numbers each owner's
 * invitees, so a member who invited thousands still costs one index range and `shown` rows.
 */
async function inviteesOf(db: Database, ownerIds: string[], shown: number) {
  if (ownerIds.length === 0) return new Map<string, { total: number; rows: InviteeRow[] }>();
  const result = (await db.execute(sql`
    select * from (
      select ${referralLinks.ownerUserId} as "ownerId", ${users.id} as "id", ${users.email} as "email",
        ${users.userType} as "userType", ${users.firstName} as "firstName", ${users.lastName} as "lastName",
        ${users.companyName} as "companyName", ${users.adminVerifiedAt} as "adminVerifiedAt",
        ${referralUses.usedAt} as "usedAt",
        (row_number() over (partition by ${referralLinks.ownerUserId} order by ${referralUses.usedAt}, ${users.id}))::int as "position",
        (count(*) over (partition by ${referralLinks.ownerUserId}))::int as "total"
      from ${referralUses}
      join ${referralLinks} on ${referralLinks.id} = ${referralUses.linkId}
      join ${users} on ${users.id} = ${referralUses.newUserId}
      where ${inArray(referralLinks.ownerUserId, ownerIds)}
    ) ranked
    where "position" <= ${shown}
    order by "ownerId", "position"`)) as unknown as { rows: InviteeRow[] };
  const byOwner = new Map<string, { total: number; rows: InviteeRow[] }>();
  for (const row of result.rows) {
    const entry = byOwner.get(row.ownerId) ?? { total: Number(row.total), rows: [] };
    entry.rows.push(row);
    byOwner.set(row.ownerId, entry);
  }
  return byOwner;
}

type InviteeRow = PersonRow & {
  ownerId: string;
  adminVerifiedAt: Date | string | null;
  usedAt: Date | string;
  total: number;
};

const invitee = (row: InviteeRow) => ({
  ...person(row),
  approved: row.adminVerifiedAt !== null,
  joined: iso(row.usedAt),
});

/**
 * Who invited a member (the owner of the link they registered with, and its label) and whom they
 * invited, two levels deep, each level capped with its total. 404 for an unknown member.
 */
export async function inviteTree(db: Database, userId: string): Promise<InviteTree> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) throw new AppError("NOT_FOUND", "userNotFound");

  const owner = alias(users, "inviting_owner");
  const [use] = await db
    .select({
      owner: {
        id: owner.id,
        email: owner.email,
        userType: owner.userType,
        firstName: owner.firstName,
        lastName: owner.lastName,
        companyName: owner.companyName,
        deletedAt: owner.deletedAt,
      },
      label: referralLinks.label,
      usedAt: referralUses.usedAt,
    })
    .from(referralUses)
    .innerJoin(referralLinks, eq(referralLinks.id, referralUses.linkId))
    .leftJoin(owner, eq(owner.id, referralLinks.ownerUserId))
    .where(eq(referralUses.newUserId, userId))
    .orderBy(asc(referralUses.usedAt))
    .limit(1);

  const first = (await inviteesOf(db, [userId], INVITEES_SHOWN)).get(userId);
  const firstRows = first?.rows ?? [];
  const second = await inviteesOf(
    db,
    firstRows.map((row) => row.id),
    SECOND_LEVEL_SHOWN,
  );
  return {
    invitedBy: use
      ? {
          // The inviting member may have been deleted since (an erased placeholder, or a row
          // gone before erasure kept one): the link stays, the person does not.
          member: use.owner && !use.owner.deletedAt ? person(use.owner) : null,
          linkLabel: use.label,
          joined: use.usedAt.toISOString(),
        }
      : null,
    invited: {
      total: first?.total ?? 0,
      members: firstRows.map((row) => {
        const theirs = second.get(row.id);
        return {
          ...invitee(row),
          invited: { total: theirs?.total ?? 0, members: (theirs?.rows ?? []).map(invitee) },
        };
      }),
    },
  };
}

/**
 * The members whose links brought the most approved members, then the most registrations (ten).
 * Counts the registrations of members that still exist; a deleted link owner is left out.
 */
export async function topReferrers(db: Database): Promise<TopReferrer[]> {
  const invited = alias(users, "invited_member");
  const approved = sql<number>`count(${invited.adminVerifiedAt})`.mapWith(Number);
  const registered = sql<number>`count(${invited.id})`.mapWith(Number);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      registered,
      approved,
    })
    .from(referralUses)
    .innerJoin(referralLinks, eq(referralLinks.id, referralUses.linkId))
    .innerJoin(users, eq(users.id, referralLinks.ownerUserId))
    .innerJoin(invited, eq(invited.id, referralUses.newUserId))
    .groupBy(users.id)
    .orderBy(desc(approved), desc(registered), asc(users.id))
    .limit(TOP_REFERRERS);
  return rows.map((row) => ({ ...person(row), registered: row.registered, approved: row.approved }));
}
