/**
 * The instance calls of a record administrators keep in a table (garages, slots, additional days): each is
 * updated and deleted on its own, and a new one starts from `~template`.
 */
export const administeredRecord = { updatable: true, deletable: true, template: true } as const;
