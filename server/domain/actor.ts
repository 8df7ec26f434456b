/** Who performs an admin's change, as its audit row records them: their user id and address. */
export type Actor = { actorId: string; ip: string | null };
